package org.quire.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code quire bench sip2} end to end on a private server with its SIP2 listener (short levels, small data): the
 * report has per level the SIP2 messages and the same operations over HTTP, every SIP2 response verified, the ratio
 * and target per operation, the server's resources — never a timing. And the client's response checks on their own.
 */
class Sip2BenchSmokeTest {
    static final Charset IBM850 = Charset.forName("IBM850");

    @Test
    void sip2AgainstHttpOnAPrivateServerWritesACompleteReportWithEveryResponseVerified(@TempDir Path out)
            throws Exception {
        int exit = BenchCommand.execute("sip2", "--users", "1,2", "--duration", "6s", "--ramp-up", "2s",
                "--data-scale", "0.01", "--out", out.toString());

        BenchReport report = ReportFiles.read(out);
        assertThat(exit).as("exit code (1 = a message or request failed; notes: %s)", report.notes()).isZero();
        assertThat(report.workflow()).isEqualTo("sip2");
        assertThat(report.data()).isEqualTo(new BenchReport.DataSet(1, 500, 50, 50));
        BenchReport.Sip2Run run = report.sip2();
        assertThat(run).isNotNull();
        assertThat(run.endpoint()).contains("IBM850").contains("/" + Sip2Workflow.ACCOUNT);
        assertThat(run.levels()).extracting(BenchReport.Sip2Level::users).containsExactly(1, 2);
        for (BenchReport.Sip2Level level : run.levels()) {
            assertThat(level.sip2Seconds()).isBetween(5.0, 8.0);
            assertThat(level.httpSeconds()).isBetween(5.0, 8.0);
            // The terminals logged in during the ramp-up: only 11 and 09 were measured.
            assertThat(level.sip2()).extracting(BenchReport.RequestStats::label)
                    .containsExactly(Sip2Workflow.CHECK_IN, Sip2Workflow.CHECK_OUT);
            assertThat(level.http()).extracting(BenchReport.RequestStats::label)
                    .containsExactly(CicoWorkflow.CHECK_IN, CicoWorkflow.CHECK_OUT);
            for (BenchReport.RequestStats row : concat(level.sip2(), level.http())) {
                assertThat(row.total()).as(row.label()).isPositive();
                assertThat(row.ko()).as(row.label()).isZero();
                assertThat(row.p50()).isLessThanOrEqualTo(row.p95());
                assertThat(row.p95()).isLessThanOrEqualTo(row.p99());
                assertThat(row.reqPerSec()).isPositive();
            }
            // Pairs: every check-out is followed by the check-in of its item (one may straddle the phase's end); more
            // check-ins when the HTTP phases had left no item available (the terminals check in checked-out ones).
            long outs = total(level.sip2(), Sip2Workflow.CHECK_OUT), ins = total(level.sip2(), Sip2Workflow.CHECK_IN);
            assertThat(outs - ins).isLessThanOrEqualTo(level.users());
            // Every measured response had its command, AY and AZ checked (give or take the phase's edges).
            long messages = outs + ins;
            assertThat(level.badResponses()).isZero();
            assertThat(level.verifiedResponses()).isBetween(messages - 2L * level.users(), messages + 2L * level.users());
            assertThat(level.ratios()).extracting(BenchReport.Ratio::label, BenchReport.Ratio::floorLabel)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(Sip2Workflow.CHECK_IN, CicoWorkflow.CHECK_IN),
                            org.assertj.core.groups.Tuple.tuple(Sip2Workflow.CHECK_OUT, CicoWorkflow.CHECK_OUT));
            assertThat(level.ratios()).allSatisfy(r -> assertThat(r.ratio()).isEqualTo(r.quireP95() / r.floorP95()));
            assertThat(level.sip2CpuMsPerOperation()).isPositive();
            assertThat(level.httpCpuMsPerOperation()).isPositive();
        }
        assertThat(run.targets()).hasSize(4).allSatisfy(t -> {
            assertThat(t.target()).contains("p95 ≤ 2×");
            assertThat(t.measured()).matches("[0-9.]+ ms ÷ [0-9.]+ ms = [0-9.]+×");
        });
        assertThat(report.resources().serverCpuSeconds()).isPositive();
        assertThat(report.resources().peakRssBytes()).isGreaterThan(50L << 20);
        assertThat(report.resources().loansAfter()).isGreaterThan(report.resources().loansBefore());

        assertThat(Files.readString(out.resolve("report.md"))).contains("## SIP2 targets")
                .contains("## SIP2 ÷ HTTP (p95), 2 users").contains(Sip2Workflow.CHECK_OUT).contains(CicoWorkflow.CHECK_IN)
                .contains("SIP2 responses verified");
        assertThat(Files.readString(out.resolve("report.html"))).contains("SIP2 targets").contains(Sip2Workflow.CHECK_IN);
    }

    @Test
    void theClientRefusesAResponseWithAWrongChecksumSequenceNumberOrCommand() throws Exception {
        String body = "121NUY20250102    101500AOt|AApatron|ABitem|AJTitle|AH20250130    235959|AY3AZ";
        String good = body + Sip2Client.checksum(body.getBytes(IBM850), body.length());
        Sip2Client.Reply reply = Sip2Client.verify(good.getBytes(IBM850), IBM850, "12", 3);
        assertThat(reply.ok()).isTrue();
        assertThat(reply.field("AB")).isEqualTo("item");
        assertThat(reply.body()).doesNotContain("AY3");

        String badSum = good.substring(0, good.length() - 4) + (good.endsWith("0000") ? "0001" : "0000");
        assertThatThrownBy(() -> Sip2Client.verify(badSum.getBytes(IBM850), IBM850, "12", 3))
                .isInstanceOf(Sip2Client.BadResponse.class).hasMessageContaining("checksum");
        assertThatThrownBy(() -> Sip2Client.verify(good.getBytes(IBM850), IBM850, "12", 4))
                .isInstanceOf(Sip2Client.BadResponse.class).hasMessageContaining("AY4");
        assertThatThrownBy(() -> Sip2Client.verify(good.getBytes(IBM850), IBM850, "10", 3))
                .isInstanceOf(Sip2Client.BadResponse.class).hasMessageContaining("expected a 10");
        assertThatThrownBy(() -> Sip2Client.verify("96".getBytes(IBM850), IBM850, "12", 3))
                .isInstanceOf(Sip2Client.BadResponse.class).hasMessageContaining("no checksum");
        String refused = "120NUN20250102    101500AOt|AApatron|ABitem|AJ|AH20250102    101500|AFItem is already checked out|AY5AZ";
        Sip2Client.Reply no = Sip2Client.verify((refused + Sip2Client.checksum(refused.getBytes(IBM850),
                refused.length())).getBytes(IBM850), IBM850, "12", 5);
        assertThat(no.ok()).isFalse();
        assertThat(no.field("AF")).isEqualTo("Item is already checked out");
    }

    @Test
    void theTargetIsMetAtTwiceTheHttpP95AndNotAbove() {
        BenchReport.Sip2Level level = new BenchReport.Sip2Level(20, 60, List.of(), 60, List.of(), List.of(
                new BenchReport.Ratio(Sip2Workflow.CHECK_IN, CicoWorkflow.CHECK_IN, 20, 10, 2.0),
                new BenchReport.Ratio(Sip2Workflow.CHECK_OUT, CicoWorkflow.CHECK_OUT, 30, 10, 3.0)), 0, 0, null, null);
        List<BenchReport.Target> targets = Sip2Bench.targets(List.of(level));
        assertThat(targets).extracting(BenchReport.Target::met).containsExactly(true, false);
        assertThat(targets.getFirst().target()).isEqualTo(Sip2Workflow.CHECK_IN + " p95 ≤ 2× " + CicoWorkflow.CHECK_IN
                + ", 20 users");
        assertThat(targets.getFirst().measured()).isEqualTo("20.0 ms ÷ 10.0 ms = 2.00×");
        assertThat(Sip2Bench.targets(List.of(new BenchReport.Sip2Level(1, 60, List.of(), 60, List.of(), List.of(),
                0, 0, null, null)))).extracting(BenchReport.Target::measured, BenchReport.Target::met)
                .containsOnly(org.assertj.core.groups.Tuple.tuple("not measured", false));
    }

    @Test
    void optionsDefaultToOneAndTwentyTerminalsOnOneTenantAndRefuseWhatDoesNotApply() {
        BenchOptions o = parse("sip2");
        assertThat(o.users()).containsExactly(1, 20);
        assertThat(o.tenants()).isEqualTo(1);
        assertThat(o.itemsPerTenant()).isEqualTo(50_000);
        assertThat(parse("sip2", "--users", "4", "--data-scale", "0.2").itemsPerTenant()).isEqualTo(10_000);
        assertThatThrownBy(() -> parse("sip2", "--tenants", "2")).hasMessageContaining("one tenant");
        assertThatThrownBy(() -> parse("sip2", "--profile")).hasMessageContaining("--profile");
        assertThatThrownBy(() -> parse("sip2", "--ui-calls")).hasMessageContaining("--ui-calls");
    }

    private static BenchOptions parse(String... args) {
        BenchCommand cmd = new BenchCommand();
        new picocli.CommandLine(cmd).parseArgs(args);
        return cmd.options();
    }

    private static List<BenchReport.RequestStats> concat(List<BenchReport.RequestStats> a,
                                                         List<BenchReport.RequestStats> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }

    private static long total(List<BenchReport.RequestStats> rows, String label) {
        return rows.stream().filter(r -> r.label().equals(label)).mapToLong(BenchReport.RequestStats::total).sum();
    }
}
