package org.quire.app;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.Api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a crash may not do to circulation, checked over HTTP against what {@link CicoLoad}'s clients were told:
 * <ul>
 * <li>lost: an acknowledged check-out whose loan is missing, an acknowledged check-in whose loan is not closed, an
 * item whose last operation was acknowledged and whose loans say otherwise;</li>
 * <li>contradictions (an operation done by halves): an item with more than one open loan, an item with an open loan
 * that is not "Checked out", an item without one that is.</li>
 * </ul>
 * Unacknowledged operations may have happened or not; all-or-nothing is what the contradictions check.
 */
record LoanLedgerCheck(List<String> lost, List<String> contradictions, int itemsChecked, int loansChecked,
                       long unacknowledgedOps) {
    /** Statuses a check-in may leave (mod-circulation's CheckInByBarcode: no request, a request, another location). */
    static final Set<String> WITHOUT_OPEN_LOAN = Set.of("Available", "In transit", "Awaiting pickup");

    static LoanLedgerCheck of(Api.Session session, Collection<CicoLoad.Op> ops) {
        Map<String, JsonNode> loans = new HashMap<>();
        for (JsonNode l : all(session, "/loan-storage/loans", "loans")) loans.put(l.path("id").asText(), l);
        Map<String, JsonNode> items = new HashMap<>();
        for (JsonNode i : all(session, "/item-storage/items", "items")) items.put(i.path("id").asText(), i);
        Map<String, List<JsonNode>> openByItem = loans.values().stream()
                .filter(l -> l.path("status").path("name").asText().equals("Open"))
                .collect(Collectors.groupingBy(l -> l.path("itemId").asText()));

        List<String> lost = new ArrayList<>(), contradictions = new ArrayList<>();
        int loansChecked = 0;
        for (CicoLoad.Op op : ops) {
            // A check-in answered without a loan found the item without one: an earlier unacknowledged operation
            // (a check-in that committed, a check-out that did not) decided it; the item's check below covers it.
            if (!op.acknowledged() || op.loanId() == null && op.kind() == CicoLoad.Kind.CHECK_IN) continue;
            JsonNode loan = loans.get(op.loanId());
            loansChecked++;
            if (loan == null) lost.add("acknowledged " + op.kind() + " of " + op.item().barcode() + ": loan " + op.loanId() + " missing");
            else if (!loan.path("itemId").asText().equals(op.item().id()))
                lost.add("loan " + op.loanId() + " names item " + loan.path("itemId").asText() + ", not " + op.item().id());
            else if (op.kind() == CicoLoad.Kind.CHECK_IN && !loan.path("status").path("name").asText().equals("Closed"))
                lost.add("acknowledged check-in of " + op.item().barcode() + ": loan " + op.loanId() + " is "
                        + loan.path("status").path("name").asText());
        }

        Map<CicoLoad.Item, List<CicoLoad.Op>> byItem = ops.stream().collect(Collectors.groupingBy(CicoLoad.Op::item,
                LinkedHashMap::new, Collectors.toList()));
        for (var e : byItem.entrySet()) {
            CicoLoad.Item item = e.getKey();
            List<JsonNode> open = openByItem.getOrDefault(item.id(), List.of());
            String status = items.get(item.id()).path("status").path("name").asText();
            if (open.size() > 1) contradictions.add(item.barcode() + " has " + open.size() + " open loans");
            if (open.size() == 1 && !status.equals("Checked out"))
                contradictions.add(item.barcode() + " has open loan " + open.getFirst().path("id").asText() + " but is " + status);
            if (open.isEmpty() && !WITHOUT_OPEN_LOAN.contains(status))
                contradictions.add(item.barcode() + " has no open loan but is " + status);
            // One client drives an item, one request at a time: its last request decides, when it was acknowledged.
            CicoLoad.Op last = e.getValue().stream().max(Comparator.comparingLong(CicoLoad.Op::startNanos)).orElseThrow();
            if (last.acknowledged() && last.kind() == CicoLoad.Kind.CHECK_OUT
                    && (open.size() != 1 || !open.getFirst().path("id").asText().equals(last.loanId())))
                lost.add(item.barcode() + " was last checked out (acknowledged, loan " + last.loanId() + ") but its open loans are "
                        + open.stream().map(l -> l.path("id").asText()).toList());
            if (last.acknowledged() && last.kind() == CicoLoad.Kind.CHECK_IN && !open.isEmpty())
                lost.add(item.barcode() + " was last checked in (acknowledged) but has open loan " + open.getFirst().path("id").asText());
        }
        long unacknowledged = ops.stream().filter(o -> !o.acknowledged()).count();
        return new LoanLedgerCheck(lost, contradictions, byItem.size(), loansChecked, unacknowledged);
    }

    private static List<JsonNode> all(Api.Session session, String path, String key) {
        Api.Reply r = session.get(path + "?limit=100000", "cql.allRecords=1");
        if (r.status() != 200) throw new IllegalStateException(path + ": " + r.status() + " " + r.body());
        List<JsonNode> out = new ArrayList<>();
        r.json().path(key).forEach(out::add);
        if (out.size() != r.json().path("totalRecords").asInt())
            throw new IllegalStateException(path + ": got " + out.size() + " of " + r.json().path("totalRecords").asInt());
        return out;
    }

    @Override
    public String toString() {
        return "checked " + itemsChecked + " items and " + loansChecked + " acknowledged operations' loans ("
                + unacknowledgedOps + " operations unacknowledged); lost: " + lost.size() + " " + lost
                + "; contradictions: " + contradictions.size() + " " + contradictions;
    }
}
