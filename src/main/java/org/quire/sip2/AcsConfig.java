package org.quire.sip2;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.EnumSet;
import java.util.Set;

/**
 * A tenant's SIP2 settings, in edge-sip2's shapes: the tenant's {@code acsTenantConfig} (AcsTenantConfig:
 * supportedMessages, statusUpdateOk, offlineOk, patronPasswordVerificationRequired, usePinForPatronVerification) and
 * the kiosk's {@code selfCheckoutConfig.<service point id>} (ScStationConfig: timeoutPeriod, retriesAllowed, checkinOk,
 * checkoutOk, acsRenewalPolicy, libraryName, terminalLocation), both read from mod-settings' entries of scope
 * {@code edge-sip2.config.manage}. What an entry leaves out takes the default below (edge-sip2 fails instead).
 */
record AcsConfig(Set<Message> supported, boolean statusUpdateOk, boolean offlineOk,
                 boolean patronPasswordVerificationRequired, boolean usePinForPatronVerification, int timeoutPeriod,
                 int retriesAllowed, boolean checkinOk, boolean checkoutOk, boolean acsRenewalPolicy, String libraryName, String terminalLocation,
                 String currency) {

    static final String SCOPE = "edge-sip2.config.manage";
    static final String TENANT_KEY = "acsTenantConfig";
    static final String KIOSK_KEY_PREFIX = "selfCheckoutConfig.";

    /** edge-sip2's Messages enumeration, in the order of the 98's supported-messages field (acs-status.ftl). */
    enum Message {
        PATRON_STATUS_REQUEST, CHECKOUT, CHECKIN, BLOCK_PATRON, SC_ACS_STATUS, REQUEST_SC_ACS_RESEND, LOGIN,
        PATRON_INFORMATION, END_PATRON_SESSION, FEE_PAID, ITEM_INFORMATION, ITEM_STATUS_UPDATE, PATRON_ENABLE, HOLD,
        RENEW, RENEW_ALL
    }

    /** What Quire serves: every message but block patron, item status update, patron enable and hold. */
    static final Set<Message> SERVED = EnumSet.complementOf(EnumSet.of(Message.BLOCK_PATRON,
            Message.ITEM_STATUS_UPDATE, Message.PATRON_ENABLE, Message.HOLD));

    static AcsConfig defaults() {
        return of(null, null, "USD");
    }

    /** The settings from the two entries' values (either may be null), the tenant's currency. */
    static AcsConfig of(JsonNode tenant, JsonNode kiosk, String currency) {
        ObjectNode t = tenant instanceof ObjectNode o ? o : Json.object();
        ObjectNode k = kiosk instanceof ObjectNode o ? o : Json.object();
        Set<Message> supported = EnumSet.copyOf(SERVED);
        if (t.get("supportedMessages") instanceof com.fasterxml.jackson.databind.node.ArrayNode list) {
            supported = EnumSet.noneOf(Message.class);
            for (JsonNode m : list) {
                try {
                    Message name = Message.valueOf(m.path("messageName").asText(""));
                    if ("Y".equalsIgnoreCase(m.path("isSupported").asText("N"))) supported.add(name);
                } catch (IllegalArgumentException unknownName) {
                    // a name edge-sip2 does not know either: ignored
                }
            }
        }
        return new AcsConfig(supported, t.path("statusUpdateOk").asBoolean(false), t.path("offlineOk").asBoolean(false),
                t.path("patronPasswordVerificationRequired").asBoolean(false),
                t.path("usePinForPatronVerification").asBoolean(false), range(k.path("timeoutPeriod").asInt(0)),
                range(k.path("retriesAllowed").asInt(3)), k.path("checkinOk").asBoolean(true),
                k.path("checkoutOk").asBoolean(true), k.path("acsRenewalPolicy").asBoolean(true),
                k.path("libraryName").asText(""), k.path("terminalLocation").asText(""), currency);
    }

    private static int range(int n) {
        return Math.max(0, Math.min(999, n));
    }

    /** The 98's supported-messages field: Y or N per message, in edge-sip2's order. */
    String supportedField() {
        StringBuilder sb = new StringBuilder();
        for (Message m : Message.values()) sb.append(supported.contains(m) ? 'Y' : 'N');
        return sb.toString();
    }
}
