package org.quire.config;

import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;
import org.quire.platform.records.Reference;

/** Stored key/values (FOLIO's mod-configuration and mod-settings) and staff slips. */
public final class ConfigTypes {
    private ConfigTypes() {
    }

    public static final RecordStore CONFIG_ENTRIES = new RecordStore(RecordType.builder("config_entry", "configs")
            .column("module", "module", FieldType.KEYWORD)
            .column("config_name", "configName", FieldType.KEYWORD)
            .column("code", "code", FieldType.KEYWORD)
            .column("enabled", "enabled", FieldType.BOOLEAN)
            .required("module", "configName")
            // OAI-PMH's entries (module OAIPMH) are checked where they are read
            .hooks(new org.quire.oaipmh.OaiConfigCheck())
            .build());

    public static final RecordStore SETTINGS = new RecordStore(RecordType.builder("setting_entry", "items")
            .column("scope", "scope", FieldType.KEYWORD)
            .column("key", "key", FieldType.KEYWORD)
            .column("user_id", "userId", FieldType.UUID)
            .required("scope", "key")
            .build());

    public static final RecordStore STAFF_SLIPS = new RecordStore(Reference.named("staff_slip", "staffSlips")
            .column("active", "active", FieldType.BOOLEAN).build());
}
