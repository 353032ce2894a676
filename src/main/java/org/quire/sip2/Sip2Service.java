package org.quire.sip2;

import com.fasterxml.jackson.databind.JsonNode;
import org.quire.config.ConfigTypes;
import org.quire.platform.Ids;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.DomainException;
import org.quire.platform.domain.Refused;
import org.quire.platform.tenancy.Tenants;
import org.quire.users.Logins;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.charset.Charset;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * The SIP2 protocol over Quire's use cases: reads one request, answers one response, keeps the session's state.
 * Error handling follows edge-sip2's MainVerticle, except that every failure is answered in protocol: a message that
 * cannot be read (unknown command, short fixed fields, a bad date, a bad checksum) is a 96 "request SC resend" (with a
 * checksum when the terminal uses them, and no sequence number, as edge-sip2); any other failure is the message's own
 * negative response with the reason in AF.
 */
public final class Sip2Service {
    private static final Logger log = LoggerFactory.getLogger(Sip2Service.class);
    /** edge-sip2's MissingAccessTokenThrowable: what a message before a login gets (in AF here). */
    static final String NOT_LOGGED_IN = "Access token is missing. Please login to Folio to obtain a valid access token.";
    static final String PROBLEM = "Problems handling the request";

    private final Database db;
    private final Tenants tenants;
    private final Logins logins;
    private final String defaultTenant;
    private final Sip2Circulation circulation;
    private final Sip2Patrons patrons;

    public Sip2Service(Database db, Tenants tenants, Logins logins, String defaultTenant,
                       Sip2Circulation circulation, Sip2Patrons patrons) {
        this.db = db;
        this.tenants = tenants;
        this.logins = logins;
        this.defaultTenant = defaultTenant;
        this.circulation = circulation;
        this.patrons = patrons;
    }

    /**
     * The response to one request line (without its carriage return), trailer included when the terminal uses error
     * detection. {@code raw} is the line's bytes as received, {@code charset} the connection's.
     */
    String handle(Sip2Session s, String text, byte[] raw, Charset charset) {
        Sip2Message m;
        try {
            m = Sip2Message.parse(text, raw);
        } catch (Sip2Message.Malformed e) {
            log.debug("SIP2 message not read ({}): {}", e.getMessage(), text);
            if (text.matches("(?s).*AZ[0-9A-Fa-f]{4}$")) s.errorDetection = true;
            return withTrailer(s, "96", -1, charset);
        }
        if (m.errorDetection()) s.errorDetection = true;
        if (m.errorDetection() && s.lastResponse != null && m.checksum().equals(s.lastChecksum)
                && m.sequence() == s.lastSequence) {
            return s.lastResponse; // the terminal did not get our answer and sent the same request again
        }
        if (m.command().equals("97")) {
            return s.lastResponse != null ? s.lastResponse : withTrailer(s, "96", -1, charset);
        }
        String body;
        try {
            body = dispatch(s, m);
        } catch (RuntimeException e) {
            log.warn("SIP2 {} failed", m.command(), e);
            body = negative(s, m, PROBLEM);
        }
        String response = m.errorDetection() ? withTrailer(s, body, m.sequence(), charset) : body;
        s.lastResponse = response;
        s.lastChecksum = m.checksum();
        s.lastSequence = m.sequence();
        return response;
    }

    private String dispatch(Sip2Session s, Sip2Message m) {
        if (m.command().equals("93")) return login(s, m);
        if (m.command().equals("99")) return acsStatus(s, m);
        if (!s.loggedIn()) return negative(s, m, NOT_LOGGED_IN);
        try {
            return switch (m.command()) {
                case "23" -> patrons.patronStatus(s, m);
                case "63" -> patrons.patronInformation(s, m);
                case "35" -> patrons.endSession(s, m);
                case "37" -> patrons.feePaid(s, m);
                case "17" -> circulation.itemInformation(s, m);
                case "11" -> circulation.checkOut(s, m);
                case "09" -> circulation.checkIn(s, m);
                case "29" -> circulation.renew(s, m);
                case "65" -> circulation.renewAll(s, m);
                default -> throw new IllegalStateException("No handler for " + m.command());
            };
        } catch (Sip2Refusal r) {
            return negative(s, m, r.getMessage());
        } catch (DomainException e) {
            return negative(s, m, messages(e));
        }
    }

    /** The screen messages of a domain failure: each refusal's FOLIO message. */
    static String messages(DomainException e) {
        if (e instanceof Refused r) {
            return String.join(" ", r.refusals().stream().map(org.quire.platform.domain.Refusal::message).toList());
        }
        return e.getMessage();
    }

    /** The message's negative answer with {@code why} in AF. */
    private String negative(Sip2Session s, Sip2Message m, String why) {
        ZoneId zone = s.zone;
        Instant now = Instant.now();
        return switch (m.command()) {
            case "93" -> "940";
            case "23" -> Sip2Patrons.invalidPatronStatus(m, zone, now, why);
            case "63" -> Sip2Patrons.invalidPatronInformation(m, zone, now, why);
            case "35" -> Sip2Patrons.endSessionResponse(m, zone, now, false, why);
            case "37" -> Sip2Patrons.feePaidResponse(m, zone, now, false, why);
            case "17" -> Sip2Circulation.unknownItem(m, zone, now, why);
            case "11" -> Sip2Circulation.checkOutResponse(m, zone, now, null, null, why);
            case "09" -> Sip2Circulation.checkInResponse(m, zone, now, null, "", why);
            case "29" -> Sip2Circulation.renewResponse(m, zone, now, null, null, why);
            case "65" -> Sip2Circulation.renewAllResponse(m, zone, now, List.of(), List.of(), why);
            default -> "96";
        };
    }

    /**
     * 93 → 94: CN is the SIP2 account's username, {@code tenant/username} to choose the tenant (otherwise the
     * listener's tenant, else the server's default tenant), CO its password, CP the kiosk's service point id. On a
     * tenant's own port a login naming another tenant is refused. The account logs in as any Quire user does
     * (mod-login's checks, lockout included); edge-sip2 answers a failed login 940.
     */
    private String login(Sip2Session s, Sip2Message m) {
        s.logout();
        String cn = m.text("CN");
        int slash = cn.indexOf('/');
        String fallback = s.portTenant != null ? s.portTenant : defaultTenant;
        String tenant = slash > 0 ? cn.substring(0, slash) : fallback;
        String username = slash > 0 ? cn.substring(slash + 1) : cn;
        if (s.portTenant != null && !s.portTenant.equals(tenant)) return "940";
        if (tenant == null || !Tenants.validId(tenant) || !tenants.exists(tenant) || username.isEmpty()) return "940";
        UUID servicePoint = null;
        if (m.field("CP").filter(v -> !v.isEmpty()).isPresent()) {
            servicePoint = Ids.orNull(m.text("CP"));
            if (servicePoint == null) return "940";
        }
        String schema = Tenants.schema(tenant);
        Logins.LoggedIn user;
        try {
            user = logins.verifyPassword(schema, username, m.text("CO"));
        } catch (DomainException e) {
            log.info("SIP2 login of {} in {} refused: {}", username, tenant, e.getMessage());
            return "940";
        }
        s.tenant = tenant;
        s.schema = schema;
        s.staffUserId = user.userId();
        s.staffUsername = username;
        s.servicePointId = servicePoint;
        loadConfig(s);
        return "941";
    }

    /** The tenant's and the kiosk's settings (mod-settings entries) and its locale (zone, currency). */
    private void loadConfig(Sip2Session s) {
        db.read(c -> {
            Optional<JsonNode> tenant = setting(c, s.schema, AcsConfig.TENANT_KEY);
            Optional<JsonNode> kiosk = s.servicePointId == null ? Optional.empty()
                    : setting(c, s.schema, AcsConfig.KIOSK_KEY_PREFIX + s.servicePointId);
            String currency = "USD";
            var locale = ConfigTypes.CONFIG_ENTRIES.search(c, s.schema,
                    "module==ORG and configName==localeSettings", 1, 0).records();
            if (!locale.isEmpty()) {
                try {
                    JsonNode v = Json.MAPPER.readTree(Json.text(locale.getFirst(), "value"));
                    if (v.hasNonNull("timezone")) s.zone = ZoneId.of(v.get("timezone").asText());
                    if (v.hasNonNull("currency")) currency = v.get("currency").asText();
                } catch (Exception unreadable) {
                    log.info("Tenant {}: localeSettings unreadable, SIP2 uses UTC", s.tenant);
                }
            }
            s.config = AcsConfig.of(tenant.orElse(null), kiosk.orElse(null), currency);
            return null;
        });
    }

    private static Optional<JsonNode> setting(Connection c, String schema, String key) throws SQLException {
        var found = ConfigTypes.SETTINGS.search(c, schema, "scope==\"" + AcsConfig.SCOPE + "\" and key==\""
                + key.replace("\"", "") + "\"", 1, 0).records();
        if (found.isEmpty()) return Optional.empty();
        JsonNode v = found.getFirst().get("value");
        if (v != null && v.isTextual()) { // a value stored as a JSON string, as in /configurations/entries
            try {
                return Optional.of(Json.MAPPER.readTree(v.asText()));
            } catch (Exception e) {
                return Optional.empty();
            }
        }
        return Optional.ofNullable(v);
    }

    /**
     * 99 → 98 (acs-status.ftl): online status, check-in ok, check-out ok, renewal policy, status update ok, offline ok,
     * timeout period, retries allowed, date/time sync, protocol version 2.00, then AO, AM, BX, AN, AF, AG. Before a
     * login the defaults answer (edge-sip2 cannot read any configuration then).
     */
    private String acsStatus(Sip2Session s, Sip2Message m) {
        AcsConfig cfg = s.config != null ? s.config : AcsConfig.defaults();
        return new Sip2Response("98", s.zone).yn(true).yn(cfg.checkinOk()).yn(cfg.checkoutOk())
                .yn(cfg.acsRenewalPolicy()).yn(cfg.statusUpdateOk()).yn(cfg.offlineOk())
                .fixed(String.format("%03d", cfg.timeoutPeriod())).fixed(String.format("%03d", cfg.retriesAllowed()))
                .date(Instant.now()).fixed("2.00")
                .field("AO", s.tenant != null ? s.tenant : "").field("AM", cfg.libraryName())
                .field("BX", cfg.supportedField()).field("AN", cfg.terminalLocation()).toString();
    }

    /** Appends AY (when the request had one) and AZ, the checksum over the response's bytes in the charset. */
    private static String withTrailer(Sip2Session s, String body, int sequence, Charset charset) {
        if (!s.errorDetection) return body;
        String head = body + (sequence >= 0 ? "AY" + sequence : "") + "AZ";
        byte[] bytes = head.getBytes(charset);
        return head + Sip2Message.checksum(bytes, bytes.length);
    }
}
