package org.quire.platform.jobs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.http.ApiException;
import org.quire.platform.http.Response;
import org.quire.platform.http.Router;

import java.time.Instant;
import java.util.OptionalInt;

/**
 * {@code /admin/jobs}: a systems librarian lists the scheduled jobs and runs one now for the calling tenant (FOLIO's
 * timer endpoints are called the same way by Okapi). The scheduler itself ({@link Jobs}) knows no HTTP.
 */
public final class JobsApi {
    private JobsApi() {
    }

    /**
     * {@code GET /admin/jobs} lists the jobs; {@code POST /admin/jobs/{name}} answers 200 with the number of records
     * changed, 404 for no such job, 409 when the job is running for the tenant.
     */
    public static void register(Router router, Jobs jobs) {
        router.get("/admin/jobs", "quire.admin.jobs.get", req -> {
            var list = Json.array();
            jobs.all().forEach(j -> list.addObject().put("name", j.name()).put("everySeconds", j.every().toSeconds()));
            return Response.ok(Json.object().set("jobs", list));
        });
        router.post("/admin/jobs/{name}", "quire.admin.jobs.post", req -> {
            String name = req.path("name");
            if (!jobs.has(name)) throw ApiException.notFound("No job " + name);
            OptionalInt changed = jobs.runNow(name, req.tenant(), Instant.now());
            if (changed.isEmpty()) throw ApiException.conflict("Job " + name + " is already running for this tenant");
            ObjectNode out = Json.object().put("job", name).put("changed", changed.getAsInt());
            return Response.ok(out);
        });
    }
}
