package org.quire.bench;

import javax.sql.DataSource;
import java.util.Map;

/** A PTF workflow: what one of Quire's virtual users does, and the SQL floor of the same work. */
public interface Workflow {

    /** Virtual user of tenant {@code t} in Quire's phase. */
    LoadRunner.Iteration quireUser(Measurements m, TenantData t);

    /** Virtual user of tenant {@code t} in the SQL floor's phase, on a pool as large as Quire's. */
    LoadRunner.Iteration sqlFloorUser(Measurements m, TenantData t, DataSource db);

    /**
     * Each Quire request label with a floor → the label of its SQL floor (the report adds the HTTP floor to it); empty
     * when the workflow has no SQL floor.
     */
    Map<String, String> sqlFloorOf();

    /** What this workflow's SQL floor includes, for the report's notes (printed when the SQL floor ran). */
    default java.util.List<String> sqlFloorNotes() {
        return java.util.List.of();
    }

    /**
     * Each Quire request label with an in-process floor → that floor's label (search: the same query on the same
     * Lucene index, no HTTP); empty when the workflow has none. Its ratio is Quire's p95 over this floor's alone.
     */
    default Map<String, String> directFloorOf() {
        return Map.of();
    }

    /** Virtual user of tenant {@code t} in the in-process floor's phase (see {@link #directFloorOf()}). */
    default LoadRunner.Iteration directFloorUser(Measurements m, TenantData t) {
        throw new UnsupportedOperationException("no in-process floor");
    }

    /** The HTTP floor's request: by default a trivial authenticated GET that touches no database. */
    default HttpFloor httpFloor() {
        return HttpFloor.PING;
    }

    /** How many HTTP calls the Quire request (or transaction) with this label makes: its floor has as many. */
    default int httpCallsPer(String quireLabel) {
        return 1;
    }

    /** Quire request labels whose floor is the HTTP floor alone (no SQL floor). */
    default java.util.Set<String> httpFloorOnly() {
        return java.util.Set.of();
    }

    /** The HTTP floor: a label and the request one virtual user makes. */
    record HttpFloor(String label, java.util.function.Function<TenantData, String> path) {
        static final HttpFloor PING = new HttpFloor("HTTP floor: GET /admin/ping", t -> "/admin/ping");
    }

    /** Facts about this workflow the report must state. */
    default java.util.List<String> notes() {
        return java.util.List.of();
    }

    static Workflow of(BenchOptions o, UiCalls uiCalls) {
        return switch (o.workflow()) {
            case "cico", "multi-tenant-cico" -> new CicoWorkflow(o.uiCalls() ? uiCalls : null);
            case "loans" -> new LoansWorkflow();
            case "rtac" -> new RtacWorkflow();
            case "renew" -> new RenewWorkflow();
            case "search" -> throw new IllegalArgumentException("search is prepared by SearchBench, not here");
            default -> throw new IllegalArgumentException("Unknown workflow '" + o.workflow() + "': choose one of "
                    + String.join(", ", BenchOptions.WORKFLOWS));
        };
    }
}
