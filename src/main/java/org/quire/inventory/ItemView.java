package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.cql.CqlFields;
import org.quire.platform.cql.SqlWhere;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * An item with everything around it that circulation and the business API need — holdings, instance, material and
 * loan types, locations — fetched in ONE statement by {@link InventoryStore} (FOLIO needs a chain of HTTP calls for
 * the same). Of the instance only id, title, hrid and contributors are present. Pure data: the lookups below are
 * the store's, kept here as delegates for existing callers.
 */
public record ItemView(ObjectNode item, ObjectNode holdings, ObjectNode instance, ObjectNode materialType,
                       ObjectNode permanentLoanType, ObjectNode temporaryLoanType, ObjectNode effectiveLocation,
                       ObjectNode permanentLocation, ObjectNode temporaryLocation) {

    // ---- the item ----------------------------------------------------------------------------------------------

    /** The same context around a new version of the item (after a status change). */
    public ItemView withItem(ObjectNode newItem) {
        return new ItemView(newItem, holdings, instance, materialType, permanentLoanType, temporaryLoanType,
                effectiveLocation, permanentLocation, temporaryLocation);
    }

    public String title() {
        return Json.text(instance, "title");
    }

    public String barcode() {
        return Json.text(item, "barcode");
    }

    /** The status name as stored (FOLIO's {@code status.name}). */
    public String status() {
        return Json.text(item, "status.name");
    }

    /** The status, or empty for a name FOLIO does not have. */
    public Optional<ItemStatus> itemStatus() {
        return ItemStatus.named(status());
    }

    public boolean hasStatus(ItemStatus wanted) {
        return wanted.is(status());
    }

    public boolean hasAnyStatus(Set<ItemStatus> statuses) {
        return statuses.stream().anyMatch(this::hasStatus);
    }

    public UUID id() {
        return UUID.fromString(item.get("id").asText());
    }

    public String materialTypeName() {
        return materialType == null ? null : Json.text(materialType, "name");
    }

    /** The loan type that circulates: temporary wins over permanent. */
    public String loanTypeId() {
        String t = Json.text(item, "temporaryLoanTypeId");
        return t != null ? t : Json.text(item, "permanentLoanTypeId");
    }

    public ArrayNode contributorNames() {
        ArrayNode out = Json.array();
        var contributors = instance.get("contributors");
        if (contributors != null) for (var ctb : contributors) {
            if (ctb.hasNonNull("name")) out.addObject().put("name", ctb.get("name").asText());
        }
        return out;
    }

    public String callNumber() {
        return Json.text(item, "effectiveCallNumberComponents.callNumber");
    }

    /**
     * The {@code item} tokens of FOLIO's staff slips and patron notices (mod-circulation's TemplateContextUtil):
     * title, contributors, barcode, status, call number and its parts, enumeration, material and loan type, and the
     * effective location's name.
     */
    public ObjectNode tokens() {
        ObjectNode i = Json.object();
        i.put("title", title());
        ArrayNode names = contributorNames();
        if (!names.isEmpty()) {
            i.put("primaryContributor", names.get(0).path("name").asText());
            List<String> all = new ArrayList<>();
            names.forEach(n -> all.add(n.path("name").asText()));
            i.put("allContributors", String.join("; ", all));
        }
        if (barcode() != null) i.put("barcode", barcode());
        i.put("status", status());
        if (callNumber() != null) i.put("callNumber", callNumber());
        for (String[] f : new String[][]{{"callNumberPrefix", "effectiveCallNumberComponents.prefix"},
                {"callNumberSuffix", "effectiveCallNumberComponents.suffix"}, {"enumeration", "enumeration"},
                {"volume", "volume"}, {"chronology", "chronology"}, {"copy", "copyNumber"}}) {
            String v = Json.text(item, f[1]);
            if (v != null) i.put(f[0], v);
        }
        if (materialType != null) i.put("materialType", materialTypeName());
        ObjectNode loanType = temporaryLoanType != null ? temporaryLoanType : permanentLoanType;
        if (loanType != null) i.put("loanType", Json.text(loanType, "name"));
        if (effectiveLocation != null) i.put("effectiveLocationSpecific", Json.text(effectiveLocation, "name"));
        return i;
    }

    /** mod-inventory's item representation: storage fields plus named references, title and contributors. */
    public ObjectNode toBusinessJson() {
        ObjectNode out = item.deepCopy();
        out.put("title", title());
        out.set("contributorNames", contributorNames());
        if (callNumber() != null) out.put("callNumber", callNumber());
        ref(out, "materialType", materialType);
        ref(out, "permanentLoanType", permanentLoanType);
        ref(out, "temporaryLoanType", temporaryLoanType);
        ref(out, "effectiveLocation", effectiveLocation);
        ref(out, "permanentLocation", permanentLocation);
        ref(out, "temporaryLocation", temporaryLocation);
        out.put("isBoundWith", false);
        return out;
    }

    private static void ref(ObjectNode out, String field, ObjectNode ref) {
        if (ref == null) return;
        ObjectNode r = out.putObject(field);
        r.put("id", ref.get("id").asText());
        r.put("name", Json.text(ref, "name"));
    }
}
