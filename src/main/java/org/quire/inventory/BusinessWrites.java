package org.quire.inventory;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;
import org.quire.platform.db.Database;
import org.quire.platform.domain.InvalidInput;
import org.quire.platform.domain.NotFound;
import org.quire.platform.domain.Refused;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;
import java.util.UUID;

import static org.quire.inventory.InventoryTypes.INSTANCES;
import static org.quire.inventory.InventoryTypes.ITEMS;

/**
 * mod-inventory's item and instance writes over the storage records, with its validators' refusals (ItemsValidator,
 * ItemStatusValidator, InstancesValidators), each in one transaction opened here. Writes go through the record
 * stores, so typed columns, derived fields and outbox events are the storage API's.
 */
final class BusinessWrites {
    private BusinessWrites() {
    }

    /** Items.addItem: the status checked first, then the barcode; answers the item with its context. */
    static ItemView createItem(Database db, String schema, ObjectNode item, UUID userId) {
        refuseBadStatus(item);
        return db.tx(c -> {
            refuseTakenBarcode(c, schema, item, null);
            UUID id = UUID.fromString(ITEMS.insert(c, schema, item, userId).get("id").asText());
            return InventoryStore.itemById(c, schema, id).orElseThrow();
        });
    }

    /** Items.updateItem: status, then item found, HRID unchanged, not claimed returned → missing, barcode free. */
    static void updateItem(Database db, String schema, UUID id, ObjectNode item, UUID userId) {
        refuseBadStatus(item);
        db.tx(c -> {
            ObjectNode old = ITEMS.getForUpdate(c, schema, id).orElseThrow(() -> new NotFound("No item found"));
            refuseHridChange(old, item);
            // ItemsValidator.claimedReturnedMarkedAsMissing: such an item is resolved through check-in instead.
            if (ItemStatus.CLAIMED_RETURNED.is(Json.text(old, "status.name"))
                    && ItemStatus.MISSING.is(Json.text(item, "status.name")))
                throw Refused.because("Claimed returned item cannot be marked as missing", "status.name",
                        ItemStatus.MISSING.folioName());
            refuseTakenBarcode(c, schema, item, id);
            return ITEMS.replace(c, schema, old, item, userId);
        });
    }

    /** Instances.update: 404 "Instance not found", 422 when the HRID changes. */
    static void updateInstance(Database db, String schema, UUID id, ObjectNode instance, UUID userId) {
        db.tx(c -> {
            ObjectNode old = INSTANCES.getForUpdate(c, schema, id).orElseThrow(() -> new NotFound("Instance not found"));
            refuseHridChange(old, instance);
            return INSTANCES.replace(c, schema, old, instance, userId);
        });
    }

    /** ItemStatusValidator.itemHasCorrectStatus, checked before anything else on POST and PUT. */
    private static void refuseBadStatus(ObjectNode item) {
        String status = Json.text(item, "status.name");
        if (status == null || status.isBlank()) throw Refused.because("Status is a required field", "status", null);
        // FOLIO's item status names (mod-inventory-storage itemStatus.json, mod-inventory's ItemStatusName)
        if (ItemStatus.named(status).isEmpty())
            throw Refused.because("Undefined status specified", "status.name", status);
    }

    /** mod-inventory checks the barcode itself and answers 400 text (the unique index stays the last word). */
    private static void refuseTakenBarcode(Connection c, String schema, ObjectNode item, UUID self) throws SQLException {
        String barcode = Json.text(item, "barcode");
        if (barcode == null) return;
        var other = ITEMS.findBy(c, schema, "barcode", barcode);
        if (other.isPresent() && (self == null || !self.toString().equals(other.get().get("id").asText())))
            throw new InvalidInput("Barcode must be unique, %s is already assigned to another item".formatted(barcode));
    }

    /** ItemsValidator.hridChanged / InstancesValidators.refuseWhenHridChanged: an absent HRID is a change too. */
    private static void refuseHridChange(ObjectNode old, ObjectNode next) {
        String hrid = Json.text(next, "hrid");
        if (!Objects.equals(Json.text(old, "hrid"), hrid))
            throw Refused.because("HRID can not be updated", "hrid", hrid);
    }
}
