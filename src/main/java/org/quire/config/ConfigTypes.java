package org.quire.config;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordHooks;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;
import org.quire.platform.records.Reference;

/** Stored key/values (FOLIO's mod-configuration and mod-settings) and staff slips. */
public final class ConfigTypes {
    private ConfigTypes() {
    }

    public static final RecordStore CONFIG_ENTRIES = configEntries(RecordHooks.NONE);

    /**
     * The entries' store with checks of the modules that read them (the composition root passes OAI-PMH's), for the
     * HTTP API: a malformed entry is refused when it is written, not ignored when it is read.
     */
    static RecordStore configEntries(RecordHooks checks) {
        return new RecordStore(RecordType.builder("config_entry", "configs")
                .column("module", "module", FieldType.KEYWORD)
                .column("config_name", "configName", FieldType.KEYWORD)
                .column("code", "code", FieldType.KEYWORD)
                .column("enabled", "enabled", FieldType.BOOLEAN)
                .required("module", "configName")
                .hooks(checks)
                .build());
    }

    public static final RecordStore SETTINGS = new RecordStore(RecordType.builder("setting_entry", "items")
            .column("scope", "scope", FieldType.KEYWORD)
            .column("key", "key", FieldType.KEYWORD)
            .column("user_id", "userId", FieldType.UUID)
            .required("scope", "key")
            .build());

    public static final RecordStore STAFF_SLIPS = new RecordStore(Reference.named("staff_slip", "staffSlips")
            .column("active", "active", FieldType.BOOLEAN).build());
}
