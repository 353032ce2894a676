package org.quire.sip2;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.circulation.CheckIn;
import org.quire.circulation.CheckOut;
import org.quire.circulation.Renewal;
import org.quire.inventory.InventoryStore;
import org.quire.inventory.ItemView;
import org.quire.platform.Json;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.db.Database;
import org.quire.platform.domain.DomainException;
import org.quire.users.PatronView;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Check-out (11/12), check-in (09/10), renew (29/30), renew all (65/66) and item information (17/18) through the same
 * CheckOut, CheckIn and Renewal use cases the HTTP API runs, so a refusal's screen message (AF) is FOLIO's message
 * (edge-sip2's Utils.handleErrors passes on the errors' messages of mod-circulation's 422).
 */
public final class Sip2Circulation {
    private static final DateTimeFormatter SIP_LOCAL = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private final Database db;
    private final PermissionCache permissions;
    private final Sip2Patrons patrons;
    private final CheckOut checkOut;
    private final CheckIn checkIn;
    private final Renewal renewal;

    public Sip2Circulation(Database db, PermissionCache permissions, Sip2Patrons patrons, CheckOut checkOut,
                           CheckIn checkIn, Renewal renewal) {
        this.db = db;
        this.permissions = permissions;
        this.patrons = patrons;
        this.checkOut = checkOut;
        this.checkIn = checkIn;
        this.renewal = renewal;
    }

    /** The patron of AA, refused with edge-sip2's invalid-patron message when there is none or it has no barcode. */
    private PatronView patron(Sip2Session s, Sip2Message m) {
        PatronView p = db.read(c -> Sip2Patrons.find(c, s.schema, m.text("AA")).orElse(null));
        if (p == null || p.barcode() == null) throw new Sip2Refusal(Sip2Patrons.INVALID_PATRON);
        String wrongPassword = patrons.passwordRefusal(s, p, m);
        if (wrongPassword != null) throw new Sip2Refusal(wrongPassword);
        return p;
    }

    /**
     * 11 → 12 (CheckoutResponse.ftl; CirculationRepository.performCheckoutCommand): ok, renewal ok N, magnetic media
     * U, desensitize Y on success, then AO, AA, AB, AJ (the title), AH (the due date; now when refused, as edge-sip2).
     */
    String checkOut(Sip2Session s, Sip2Message m) {
        s.require(permissions, "circulation.check-out-by-barcode.post");
        if (!s.config.checkoutOk()) throw new Sip2Refusal("Check out is not allowed at this kiosk");
        PatronView p = patron(s, m);
        ObjectNode loan = checkOut.checkOut(new CheckOut.Request(m.text("AB"), p.barcode(), null, s.servicePointId,
                null, null, s.tenant, s.schema, s.staffUserId));
        return checkOutResponse(m, s.zone, Instant.now(), Json.text(loan, "item.title"),
                Json.parseInstant(Json.text(loan, "dueDate")), null);
    }

    static String checkOutResponse(Sip2Message m, ZoneId zone, Instant now, String title, Instant due, String why) {
        boolean ok = why == null;
        Sip2Response r = new Sip2Response("12", zone).ok(ok).yn(false).fixed("U").yn(ok).date(now)
                .field("AO", m.text("AO")).field("AA", m.text("AA")).field("AB", m.text("AB"))
                .field("AJ", title).dateField("AH", ok ? due : now);
        if (why != null) r.screenMessages(List.of(why));
        return r.toString();
    }

    /**
     * 09 → 10 (CheckinResponse.ftl; performCheckinCommand): ok, resensitize Y on success, magnetic media U, alert Y
     * when the item is to go elsewhere (in transit or to the hold shelf), then AO, AB, AQ (the item's location), AJ
     * (the title; the barcode when refused, as edge-sip2), CL sort bin; the check-in date is the return date sent.
     */
    String checkIn(Sip2Session s, Sip2Message m) {
        s.require(permissions, "circulation.check-in-by-barcode.post");
        if (!s.config.checkinOk()) throw new Sip2Refusal("Check in is not allowed at this kiosk");
        Instant returned = localDate(m.fixed().substring(19, 37), s.zone);
        ObjectNode result = checkIn.checkIn(new CheckIn.Request(m.text("AB"), s.servicePointId,
                returned != null ? returned : Instant.now(), null, s.schema, s.staffUserId));
        String status = Json.text(result, "item.status.name");
        boolean alert = "In transit".equals(status) || "Awaiting pickup".equals(status)
                || "Awaiting delivery".equals(status);
        Sip2Response r = new Sip2Response("10", s.zone).ok(true).yn(true).fixed("U").yn(alert).date(Instant.now())
                .field("AO", m.text("AO")).field("AB", m.text("AB"))
                .field("AQ", Json.text(result, "item.location.name")).field("AJ", Json.text(result, "item.title"));
        if (alert) r.screenMessages(List.of("Item status: " + status));
        return r.toString();
    }

    static String checkInResponse(Sip2Message m, ZoneId zone, Instant now, String title, String location, String why) {
        Sip2Response r = new Sip2Response("10", zone).ok(false).yn(false).fixed("U").yn(false).date(now)
                .field("AO", m.text("AO")).field("AB", m.text("AB")).field("AQ", location)
                .field("AJ", title != null ? title : m.text("AB"));
        if (why != null) r.screenMessages(List.of(why));
        return r.toString();
    }

    /** A SIP2 date read as local time in the tenant's zone (the ZZZZ part ignored); null when it is not one. */
    static Instant localDate(String sipDate, ZoneId zone) {
        try {
            String digits = sipDate.substring(0, 8) + sipDate.substring(12, 18);
            return LocalDateTime.parse(digits, SIP_LOCAL).atZone(zone).toInstant();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** 29 → 30 (RenewResponse.ftl): ok, renewal ok, magnetic media U, desensitize U, AO, AA, AB, AJ, AH. */
    String renew(Sip2Session s, Sip2Message m) {
        s.require(permissions, "circulation.renew-by-barcode.post");
        if (!s.config.acsRenewalPolicy()) throw new Sip2Refusal("Renewals are not allowed at this kiosk");
        PatronView p = patron(s, m);
        ObjectNode loan = renewal.renew(new Renewal.Request(new Renewal.Ref("itemBarcode", m.text("AB")),
                new Renewal.Ref("userBarcode", p.barcode()), s.servicePointId, null, s.tenant, s.schema, s.staffUserId));
        return renewResponse(m, s.zone, Instant.now(), Json.text(loan, "item.title"),
                Json.parseInstant(Json.text(loan, "dueDate")), null);
    }

    static String renewResponse(Sip2Message m, ZoneId zone, Instant now, String title, Instant due, String why) {
        boolean ok = why == null;
        Sip2Response r = new Sip2Response("30", zone).ok(ok).yn(ok).fixed("U").fixed("U").date(now)
                .field("AO", m.text("AO")).field("AA", m.text("AA")).field("AB", m.text("AB"))
                .field("AJ", title).dateField("AH", ok ? due : null);
        if (why != null) r.screenMessages(List.of(why));
        return r.toString();
    }

    /**
     * 65 → 66 (RenewAllResponse.ftl): every open loan of the patron renewed one by one (each its own transaction, as
     * edge-sip2 renews each by its own call); renewed and unrenewed counts, BM / BN item barcodes, and in AF the
     * reason of each refusal.
     */
    String renewAll(Sip2Session s, Sip2Message m) {
        s.require(permissions, "circulation.renew-by-barcode.post");
        if (!s.config.acsRenewalPolicy()) throw new Sip2Refusal("Renewals are not allowed at this kiosk");
        PatronView p = patron(s, m);
        List<Sip2Store.OpenLoan> loans = db.read(c -> Sip2Store.openLoans(c, s.schema, p.id()));
        List<String> renewed = new ArrayList<>(), unrenewed = new ArrayList<>(), reasons = new ArrayList<>();
        for (Sip2Store.OpenLoan loan : loans) {
            if (loan.itemBarcode() == null) continue;
            try {
                renewal.renew(new Renewal.Request(new Renewal.Ref("itemBarcode", loan.itemBarcode()),
                        new Renewal.Ref("userBarcode", p.barcode()), s.servicePointId, null, s.tenant, s.schema,
                        s.staffUserId));
                renewed.add(loan.itemBarcode());
            } catch (DomainException e) {
                unrenewed.add(loan.itemBarcode());
                reasons.add(loan.itemBarcode() + ": " + Sip2Service.messages(e));
            }
        }
        return renewAllResponse(m, s.zone, Instant.now(), renewed, unrenewed, reasons.isEmpty() ? null
                : String.join(" ", reasons), true);
    }

    static String renewAllResponse(Sip2Message m, ZoneId zone, Instant now, List<String> renewed,
                                   List<String> unrenewed, String why) {
        return renewAllResponse(m, zone, now, renewed, unrenewed, why, false);
    }

    private static String renewAllResponse(Sip2Message m, ZoneId zone, Instant now, List<String> renewed,
                                           List<String> unrenewed, String why, boolean ok) {
        Sip2Response r = new Sip2Response("66", zone).ok(ok).count(renewed.size()).count(unrenewed.size()).date(now)
                .field("AO", m.text("AO"));
        renewed.forEach(b -> r.field("BM", b));
        unrenewed.forEach(b -> r.field("BN", b));
        if (why != null) r.screenMessages(List.of(why));
        return r.toString();
    }

    /** FOLIO item status → SIP2 circulation status (lib.ftl's circulationStatus codes). */
    private static final Map<String, String> CIRCULATION_STATUS = Map.ofEntries(
            Map.entry("On order", "02"), Map.entry("Available", "03"), Map.entry("Checked out", "04"),
            Map.entry("In process", "06"), Map.entry("In process (non-requestable)", "06"),
            Map.entry("Awaiting pickup", "08"), Map.entry("Awaiting delivery", "08"), Map.entry("Paged", "08"),
            Map.entry("In transit", "10"), Map.entry("Claimed returned", "11"), Map.entry("Declared lost", "12"),
            Map.entry("Aged to lost", "12"), Map.entry("Lost and paid", "12"), Map.entry("Missing", "13"),
            Map.entry("Long missing", "13"));

    /**
     * 17 → 18 (ItemInformationResponse.ftl): circulation status, security marker 00 (other), fee type 01, date, AH
     * when on loan, AB, AJ, BH, CK… then AQ permanent and AP current location, CH material type.
     */
    String itemInformation(Sip2Session s, Sip2Message m) {
        s.require(permissions, "inventory.items.collection.get");
        record Found(ItemView item, Instant due) {
        }
        Found f = db.read(c -> {
            ItemView item = InventoryStore.itemByBarcode(c, s.schema, m.text("AB")).orElse(null);
            return item == null ? null : new Found(item, Sip2Store.dueDateOfItem(c, s.schema, item.id()).orElse(null));
        });
        Instant now = Instant.now();
        if (f == null) return unknownItem(m, s.zone, now, "No item with barcode " + m.text("AB") + " exists");
        ItemView item = f.item();
        Sip2Response r = new Sip2Response("18", s.zone).fixed(CIRCULATION_STATUS.getOrDefault(item.status(), "01"))
                .fixed("00").fixed("01").date(now);
        if (f.due() != null) r.dateField("AH", f.due());
        r.field("AB", m.text("AB")).field("AJ", item.title()).field("BH", s.config.currency())
                .field("AQ", Json.text(item.permanentLocation() != null ? item.permanentLocation()
                        : item.effectiveLocation(), "name"))
                .field("AP", Json.text(item.effectiveLocation(), "name"))
                .optional("CH", item.materialTypeName());
        return r.toString();
    }

    static String unknownItem(Sip2Message m, ZoneId zone, Instant now, String why) {
        return new Sip2Response("18", zone).fixed("01").fixed("00").fixed("01").date(now).field("AB", m.text("AB"))
                .field("AJ", "").screenMessages(List.of(why)).toString();
    }
}
