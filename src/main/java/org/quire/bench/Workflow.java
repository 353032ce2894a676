package org.quire.bench;

import javax.sql.DataSource;
import java.util.Map;

/** A PTF workflow: what one of Quire's virtual users does, and the SQL floor of the same work. */
public interface Workflow {

    /** Virtual user of tenant {@code t} in Quire's phase. */
    LoadRunner.Iteration quireUser(Measurements m, TenantData t);

    /** Virtual user of tenant {@code t} in the SQL floor's phase, on a pool as large as Quire's. */
    LoadRunner.Iteration sqlFloorUser(Measurements m, TenantData t, DataSource db);

    /** Each Quire request label with a floor → the label of its SQL floor (the report adds the HTTP floor to it). */
    Map<String, String> sqlFloorOf();

    /** Facts about this workflow the report must state. */
    default java.util.List<String> notes() {
        return java.util.List.of();
    }

    static Workflow of(BenchOptions o, UiCalls uiCalls) {
        return switch (o.workflow()) {
            case "cico", "multi-tenant-cico" -> new CicoWorkflow(o.uiCalls() ? uiCalls : null);
            case "loans" -> new LoansWorkflow();
            default -> throw new IllegalArgumentException("Unknown workflow '" + o.workflow() + "': choose one of "
                    + String.join(", ", BenchOptions.WORKFLOWS));
        };
    }
}
