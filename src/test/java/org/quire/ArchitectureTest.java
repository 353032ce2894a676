package org.quire;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The architecture of docs/architecture.md ("Modules and roles"), held by the build: each rule fails the suite when a
 * change breaks it, and says which class did.
 */
class ArchitectureTest {
    private static final JavaClasses QUIRE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.quire");

    /**
     * The modules (first package under org.quire) and the modules each may use: the direction of docs/architecture.md.
     * platform knows no library; app is the composition root and may use everything.
     */
    static final Map<String, Set<String>> ALLOWED = Map.ofEntries(
            Map.entry("platform", Set.of()),
            Map.entry("config", Set.of("platform")),
            Map.entry("tags", Set.of("platform")),
            Map.entry("authorities", Set.of("platform")),
            Map.entry("calendar", Set.of("platform")),
            Map.entry("inventory", Set.of("platform")),
            Map.entry("users", Set.of("platform")),
            Map.entry("notes", Set.of("platform", "users")),
            Map.entry("notices", Set.of("platform", "inventory", "users", "calendar")),
            Map.entry("feesfines", Set.of("platform", "inventory", "users", "calendar", "notices")),
            Map.entry("circulation", Set.of("platform", "inventory", "users", "calendar", "config", "notices", "feesfines")),
            Map.entry("rtac", Set.of("platform", "inventory", "circulation")),
            Map.entry("marc", Set.of("platform", "inventory")),
            Map.entry("search", Set.of("platform")),
            Map.entry("dataimport", Set.of("platform", "dataimport.profiles", "srs", "marc", "inventory", "authorities")),
            Map.entry("dataimport.profiles", Set.of("platform")),
            Map.entry("dataexport", Set.of("platform", "marc", "inventory")),
            Map.entry("srs", Set.of("platform", "marc")),
            // cli: `quire export` words a job's log entries (codes and values) by dataexport's ExportError
            Map.entry("cli", Set.of("platform", "dataexport")),
            Map.entry("bench", Set.of("platform", "app", "marc", "search", "cli", "oaipmh")),
            Map.entry("sip2", Set.of("platform", "circulation", "feesfines", "inventory", "users", "config")),
            // sru: its marcxml records are written by OAI-PMH's MarcXml (one MARC-in-JSON → MARCXML writer)
            Map.entry("sru", Set.of("platform", "search", "srs", "marc", "oaipmh")),
            Map.entry("oaipmh", Set.of("platform", "marc")),
            Map.entry("app", Set.of("*")));

    /** Where HTTP lives: the router and its types, the Api classes, and the composition root. */
    private static boolean mayUseHttp(JavaClass c) {
        String name = topLevel(c).getSimpleName();
        return c.getPackageName().startsWith("org.quire.platform.http") || c.getPackageName().equals("org.quire.app")
                || name.endsWith("Api") || c.getPackageName().startsWith("org.quire.bench");
    }

    @Test
    void onlyTheHttpEdgeSeesHttpTypes() {
        Set<String> offenders = new TreeSet<>();
        for (JavaClass c : QUIRE) {
            if (mayUseHttp(c)) continue;
            c.getDirectDependenciesFromSelf().stream()
                    .filter(d -> d.getTargetClass().getPackageName().startsWith("org.quire.platform.http"))
                    .forEach(d -> offenders.add(topLevel(c).getName() + " uses " + d.getTargetClass().getSimpleName()));
        }
        assertThat(offenders).as("domain code must not see HTTP types (throw a platform.domain exception instead)")
                .isEmpty();
    }

    @Test
    void apiClassesWriteNoSql() {
        ArchRule rule = noClasses().that().haveSimpleNameEndingWith("Api")
                .should().callMethodWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                        com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner(
                                com.tngtech.archunit.base.DescribedPredicate.describe("SQL", ArchitectureTest::runsSql))))
                .because("an Api parses, authorizes, calls a use case or store, renders: SQL belongs in a store");
        rule.check(QUIRE);
    }

    /**
     * In the library modules, SQL lives in the module's stores only (docs/architecture.md "The roles inside a
     * module"); platform's mechanisms, the composition root and the bench's SQL floor are not library modules.
     */
    @Test
    void onlyStoresWriteSql() {
        ArchRule rule = noClasses().that(com.tngtech.archunit.base.DescribedPredicate.describe(
                        "are in a library module and not a store", (JavaClass c) -> {
                            String m = module(c);
                            return m != null && !Set.of("platform", "app", "bench").contains(m)
                                    && !topLevel(c).getSimpleName().endsWith("Store");
                        }))
                .should().callMethodWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                        com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner(
                                com.tngtech.archunit.base.DescribedPredicate.describe("SQL", ArchitectureTest::runsSql))))
                .because("a module's SQL is in its store: one place to read it, one style");
        rule.check(QUIRE);
    }

    private static boolean runsSql(JavaClass target) {
        return target.getName().equals("org.quire.platform.db.Sql")
                || (target.getName().startsWith("java.sql.") && !target.getSimpleName().endsWith("Exception"));
    }

    @Test
    void modulesDependInTheAllowedDirection() {
        Set<String> offenders = new TreeSet<>();
        for (JavaClass c : QUIRE) {
            String from = module(c);
            if (from == null) continue;
            Set<String> allowed = ALLOWED.get(from);
            assertThat(allowed).as("module %s is missing from ALLOWED (and from docs/architecture.md)", from).isNotNull();
            if (allowed.contains("*")) continue;
            c.getDirectDependenciesFromSelf().forEach(d -> {
                String to = module(d.getTargetClass());
                if (to != null && !to.equals(from) && !allowed.contains(to))
                    offenders.add(from + " → " + to + ": " + topLevel(c).getName() + " uses " + d.getTargetClass().getName());
            });
        }
        assertThat(offenders).as("dependencies against the direction written in docs/architecture.md").isEmpty();
    }

    @Test
    void noPackageCycles() {
        EvaluationResult result = slices().matching("org.quire.(**)").should().beFreeOfCycles().evaluate(QUIRE);
        assertThat(result.getFailureReport().getDetails()).as("package cycles").isEmpty();
    }

    /** The module of a Quire class: its first package under org.quire (null for org.quire itself and other code). */
    static String module(JavaClass c) {
        String p = c.getPackageName();
        if (!p.startsWith("org.quire.")) return null;
        String rest = p.substring("org.quire.".length());
        // a module with a module inside: data-import profiles are read by the import pipeline, never the reverse
        if (rest.equals("dataimport.profiles") || rest.startsWith("dataimport.profiles.")) return "dataimport.profiles";
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass t = c;
        while (t.getEnclosingClass().isPresent()) t = t.getEnclosingClass().get();
        return t;
    }
}
