package org.quire.config;

import org.quire.platform.db.Database;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordApi;

import static org.quire.config.ConfigTypes.*;

public final class ConfigApi {
    private ConfigApi() {
    }

    public static void register(Router r, Database db) {
        RecordApi.register(r, db, CONFIG_ENTRIES, "/configurations/entries", "configuration.entries");
        SettingsApi.register(r, db);
        RecordApi.register(r, db, STAFF_SLIPS, "/staff-slips-storage/staff-slips", "circulation-storage.staff-slips");
    }
}
