package org.quire.sip2;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.feesfines.AccountActions;
import org.quire.feesfines.ActionRefused;
import org.quire.feesfines.AfterAccountAction;
import org.quire.platform.Json;
import org.quire.platform.auth.PermissionCache;
import org.quire.platform.db.Database;
import org.quire.platform.domain.DomainException;
import org.quire.users.Logins;
import org.quire.users.PatronPins;
import org.quire.users.PatronView;
import org.quire.users.UserTypes;
import org.quire.users.UsersStore;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Patron status (23/24), patron information (63/64), end session (35/36) and fee paid (37/38), as edge-sip2's
 * PatronRepository and FeeFinesRepository answer them, from Quire's users, loans, requests and accounts in-process.
 */
public final class Sip2Patrons {
    /** edge-sip2 PatronRepository.MESSAGE_INVALID_PATRON / MESSAGE_BLOCKED_PATRON. */
    static final String INVALID_PATRON =
            "Your library card number cannot be located. Please see a staff member for assistance.";
    static final String BLOCKED_PATRON =
            "There are unresolved issues with your account. Please see a staff member for assistance.";
    /** lib.ftl's patronStatus: 14 positions, Y where denied; all Y for a patron who cannot be found. */
    static final String ALL_DENIED = "YYYYYYYYYYYYYY";

    private final Database db;
    private final Logins logins;
    private final PatronPins pins;
    private final PermissionCache permissions;
    private final AfterAccountAction afterPayment;

    public Sip2Patrons(Database db, Logins logins, PatronPins pins, PermissionCache permissions,
                       AfterAccountAction afterPayment) {
        this.db = db;
        this.logins = logins;
        this.pins = pins;
        this.permissions = permissions;
        this.afterPayment = afterPayment;
    }

    /** A patron as edge-sip2's UsersRepository finds one: barcode, else external system id, else username. */
    static Optional<PatronView> find(Connection c, String schema, String identifier) throws SQLException {
        if (identifier == null || identifier.isEmpty()) return Optional.empty();
        Optional<PatronView> byBarcode = UsersStore.patronByBarcode(c, schema, identifier);
        if (byBarcode.isPresent()) return byBarcode;
        for (String column : List.of("external_system_id", "username")) {
            Optional<ObjectNode> u = UserTypes.USERS.findBy(c, schema, column, identifier);
            if (u.isPresent()) return UsersStore.patronById(c, schema, UUID.fromString(u.get().get("id").asText()));
        }
        return Optional.empty();
    }

    /** edge-sip2 UsersRepository's error message when the PIN sent as the patron password is not the patron's. */
    static final String PIN_NOT_VERIFIED = "Error verifying PIN";

    /**
     * The patron password check (AD) of edge-sip2's PasswordVerifier: when the tenant requires it, a login with the
     * patron's username and the password sent, or, with {@code usePinForPatronVerification}, the patron's PIN
     * (mod-users' /patron-pin/verify); empty when nothing was checked.
     */
    Optional<Boolean> verifyPassword(Sip2Session s, PatronView patron, Sip2Message m) {
        if (!s.config.patronPasswordVerificationRequired()) return Optional.empty();
        return Optional.of(passwordRefusal(s, patron, m) == null);
    }

    /** Why the patron's password (AD) does not do, as mod-login or edge-sip2 say it; null when it does or is not checked. */
    String passwordRefusal(Sip2Session s, PatronView patron, Sip2Message m) {
        if (!s.config.patronPasswordVerificationRequired()) return null;
        if (s.config.usePinForPatronVerification()) {
            return pins.matches(s.schema, patron.id(), m.text("AD")) ? null : PIN_NOT_VERIFIED;
        }
        String username = Json.text(patron.user(), "username");
        try {
            logins.verifyPassword(s.schema, username == null ? "" : username, m.text("AD"));
            return null;
        } catch (DomainException e) {
            return Sip2Service.messages(e);
        }
    }

    /** The 14-character patron status from manual blocks (edge-sip2: borrowing denies all, renewals, requests). */
    static String status(PatronView p, Instant now) {
        if (p.blockedFor("borrowing", now)) return ALL_DENIED;
        char[] s = " ".repeat(14).toCharArray();
        if (p.blockedFor("renewals", now)) s[1] = 'Y';
        if (p.blockedFor("requests", now)) {
            s[2] = 'Y';
            s[3] = 'Y';
        }
        return new String(s);
    }

    static String personalName(PatronView p) {
        String first = Json.text(p.user(), "personal.firstName"), last = Json.text(p.user(), "personal.lastName");
        String middle = Json.text(p.user(), "personal.middleName");
        StringBuilder sb = new StringBuilder();
        for (String part : new String[]{first, middle, last}) {
            if (part != null && !part.isBlank()) sb.append(sb.isEmpty() ? "" : " ").append(part);
        }
        return sb.toString();
    }

    private static String money(BigDecimal amount) {
        return amount.setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    private static String language(Sip2Message m) {
        return m.fixed().substring(0, 3);
    }

    /** 23 → 24 (PatronStatusResponse.ftl). */
    String patronStatus(Sip2Session s, Sip2Message m) {
        s.require(permissions, "users.collection.get");
        Instant now = Instant.now();
        record Found(PatronView patron, BigDecimal owed) {
        }
        Found f = db.read(c -> {
            PatronView p = find(c, s.schema, m.text("AA")).orElse(null);
            if (p == null) return null;
            BigDecimal owed = Sip2Store.openAccounts(c, s.schema, p.id()).stream()
                    .map(Sip2Store.OpenAccount::remaining).reduce(BigDecimal.ZERO, BigDecimal::add);
            return new Found(p, owed);
        });
        if (f == null) return invalidPatronStatus(m, s.zone, now, INVALID_PATRON);
        Optional<Boolean> password = verifyPassword(s, f.patron(), m);
        String status = status(f.patron(), now);
        Sip2Response r = new Sip2Response("24", s.zone).fixed(status).fixed(language(m)).date(now)
                .field("AO", m.text("AO")).field("AA", m.text("AA")).field("AE", personalName(f.patron()))
                .field("BL", "Y");
        password.ifPresent(ok -> r.field("CQ", ok ? "Y" : "N"));
        r.field("BH", s.config.currency()).field("BV", money(f.owed()));
        if (status.contains("Y")) r.screenMessages(List.of(BLOCKED_PATRON));
        return r.toString();
    }

    static String invalidPatronStatus(Sip2Message m, ZoneId zone, Instant now, String why) {
        String lang = m.fixed().length() >= 3 ? m.fixed().substring(0, 3) : "000";
        return new Sip2Response("24", zone).fixed(ALL_DENIED).fixed(lang).date(now).field("AO", m.text("AO"))
                .field("AA", m.text("AA")).field("AE", m.text("AA")).field("BL", "N")
                .screenMessages(List.of(why)).toString();
    }

    /**
     * 63 → 64 (PatronInformationResponse.ftl; the SIP2 specification's command 64): the six counts, then the list the
     * summary field asks for (position 1 hold items, 2 overdue, 3 charged, 4 fine, 5 recall, 6 unavailable holds),
     * items BP to BQ (1-based, default 1 to 10... all when absent).
     */
    String patronInformation(Sip2Session s, Sip2Message m) {
        s.require(permissions, "users.collection.get");
        Instant now = Instant.now();
        record Facts(PatronView patron, List<Sip2Store.OpenLoan> loans, List<Sip2Store.OpenRequest> requests,
                     List<Sip2Store.OpenAccount> accounts) {
        }
        Facts f = db.read(c -> {
            PatronView p = find(c, s.schema, m.text("AA")).orElse(null);
            if (p == null) return null;
            return new Facts(p, Sip2Store.openLoans(c, s.schema, p.id()), Sip2Store.openRequests(c, s.schema, p.id()),
                    Sip2Store.openAccounts(c, s.schema, p.id()));
        });
        if (f == null) return invalidPatronInformation(m, s.zone, now, INVALID_PATRON);
        Optional<Boolean> password = verifyPassword(s, f.patron(), m);

        List<String> holds = new ArrayList<>(), unavailable = new ArrayList<>(), recalls = new ArrayList<>();
        for (Sip2Store.OpenRequest r : f.requests()) {
            String what = r.title() != null ? r.title() : r.itemBarcode();
            if ("Recall".equals(r.type())) recalls.add(what);
            else if ("Hold".equals(r.type())) {
                if ("Open - Awaiting pickup".equals(r.status())) holds.add(what);
                else unavailable.add(what);
            }
        }
        List<String> charged = f.loans().stream().map(l -> String.valueOf(l.itemBarcode())).toList();
        List<String> overdue = f.loans().stream().filter(l -> l.dueDate() != null && l.dueDate().isBefore(now))
                .map(l -> String.valueOf(l.itemBarcode())).toList();
        List<String> fines = f.accounts().stream().map(a -> a.id().toString()).toList();
        BigDecimal owed = f.accounts().stream().map(Sip2Store.OpenAccount::remaining)
                .reduce(BigDecimal.ZERO, BigDecimal::add);

        String status = status(f.patron(), now);
        Sip2Response r = new Sip2Response("64", s.zone).fixed(status).fixed(language(m)).date(now)
                .count(holds.size()).count(overdue.size()).count(charged.size()).count(fines.size())
                .count(recalls.size()).count(unavailable.size())
                .field("AO", m.text("AO")).field("AA", m.text("AA")).field("AE", personalName(f.patron()))
                .field("BL", "Y");
        password.ifPresent(ok -> r.field("CQ", ok ? "Y" : "N"));
        r.field("BH", s.config.currency()).field("BV", money(owed));
        String summary = m.fixed().substring(21, 31);
        List<List<String>> lists = List.of(holds, overdue, charged, fines, recalls, unavailable);
        String[] ids = {"AS", "AT", "AU", "AV", "BU", "CD"};
        int wanted = summary.indexOf('Y');
        if (wanted >= 0 && wanted < lists.size()) {
            List<String> list = lists.get(wanted);
            int start = range(m.text("BP"), 1), end = range(m.text("BQ"), list.size());
            for (int i = Math.max(1, start); i <= Math.min(end, list.size()); i++) r.field(ids[wanted], list.get(i - 1));
        }
        r.optional("BD", address(f.patron())).optional("BE", Json.text(f.patron().user(), "personal.email"))
                .optional("BF", Json.text(f.patron().user(), "personal.phone"));
        if (status.contains("Y")) r.screenMessages(List.of(BLOCKED_PATRON));
        return r.toString();
    }

    private static int range(String text, int byDefault) {
        try {
            return text.isBlank() ? byDefault : Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            return byDefault;
        }
    }

    private static String address(PatronView p) {
        var addresses = p.user().path("personal").path("addresses");
        for (var a : addresses) {
            if (a.path("primaryAddress").asBoolean(false) || addresses.size() == 1) {
                List<String> parts = new ArrayList<>();
                for (String k : List.of("addressLine1", "addressLine2", "city", "region", "postalCode", "countryId")) {
                    String v = a.path(k).asText("");
                    if (!v.isBlank()) parts.add(v);
                }
                return String.join(", ", parts);
            }
        }
        return null;
    }

    static String invalidPatronInformation(Sip2Message m, ZoneId zone, Instant now, String why) {
        String lang = m.fixed().length() >= 3 ? m.fixed().substring(0, 3) : "000";
        return new Sip2Response("64", zone).fixed(ALL_DENIED).fixed(lang).date(now).count(0).count(0).count(0)
                .count(0).count(0).count(0).field("AO", m.text("AO")).field("AA", m.text("AA"))
                .field("AE", m.text("AA")).field("BL", "N").screenMessages(List.of(why)).toString();
    }

    /** 35 → 36 (EndSessionResponse.ftl): end session Y. The SIP2 account stays logged in; only the patron's session ends. */
    String endSession(Sip2Session s, Sip2Message m) {
        return endSessionResponse(m, s.zone, Instant.now(), true, null);
    }

    static String endSessionResponse(Sip2Message m, ZoneId zone, Instant now, boolean ended, String why) {
        Sip2Response r = new Sip2Response("36", zone).yn(ended).date(now).field("AO", m.text("AO"))
                .field("AA", m.text("AA"));
        if (why != null) r.screenMessages(List.of(why));
        return r.toString();
    }

    /**
     * 37 → 38 (FeePaidResponse.ftl, FeeFinesRepository.performFeePaidCommand): pays BV towards the fee/fine CG names
     * (an account id), else towards all the patron's open ones, with payment method "Credit Card" (edge-sip2's
     * default); an amount over what is owed is refused with edge-sip2's message, others with mod-feesfines'.
     */
    String feePaid(Sip2Session s, Sip2Message m) {
        s.require(permissions, "accounts.pay.post");
        Instant now = Instant.now();
        PatronView patron = db.read(c -> find(c, s.schema, m.text("AA")).orElse(null));
        if (patron == null) return feePaidResponse(m, s.zone, now, false, INVALID_PATRON);
        BigDecimal amount;
        try {
            amount = new BigDecimal(m.text("BV").trim());
        } catch (NumberFormatException e) {
            return feePaidResponse(m, s.zone, now, false, "Invalid amount: " + m.text("BV"));
        }
        String feeId = m.text("CG").trim();
        UUID account = feeId.isEmpty() ? null : org.quire.platform.Ids.orNull(feeId);
        List<Sip2Store.OpenAccount> open = db.read(c -> Sip2Store.openAccounts(c, s.schema, patron.id())).stream()
                .filter(a -> account == null || a.id().equals(account)).toList();
        if (!feeId.isEmpty() && open.isEmpty())
            return feePaidResponse(m, s.zone, now, false, "Fee/fine " + feeId + " is not an open fee/fine of the patron");
        BigDecimal owed = open.stream().map(Sip2Store.OpenAccount::remaining).reduce(BigDecimal.ZERO, BigDecimal::add);
        if (amount.compareTo(owed) > 0) {
            return feePaidResponse(m, s.zone, now, false, "Paid amount ($" + money(amount)
                    + ") is more than amount owed ($" + money(owed)
                    + "). Please limit payment to no more than the amount owed.");
        }
        try {
            ObjectNode body = Json.object().put("amount", money(amount)).put("paymentMethod", "Credit Card")
                    .put("notifyPatron", false).put("userName", s.staffUsername)
                    .put("transactionInfo", m.text("BK"));
            if (s.servicePointId != null) body.put("servicePointId", s.servicePointId.toString());
            AccountActions.perform(db, s.schema, AccountActions.Action.PAY,
                    open.stream().map(Sip2Store.OpenAccount::id).toList(), AccountActions.ActionRequest.of(body),
                    s.staffUserId, afterPayment);
        } catch (ActionRefused e) {
            return feePaidResponse(m, s.zone, now, false, e.getMessage());
        }
        return feePaidResponse(m, s.zone, now, true, null);
    }

    static String feePaidResponse(Sip2Message m, ZoneId zone, Instant now, boolean accepted, String why) {
        Sip2Response r = new Sip2Response("38", zone).yn(accepted).date(now).field("AO", m.text("AO"))
                .field("AA", m.text("AA")).optional("BK", m.text("BK"));
        if (why != null) r.screenMessages(List.of(why));
        return r.toString();
    }
}
