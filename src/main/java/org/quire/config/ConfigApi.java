package org.quire.config;

import org.quire.platform.db.Database;
import org.quire.platform.http.Router;
import org.quire.platform.records.RecordHooks;
import org.quire.platform.records.RecordApi;

import static org.quire.config.ConfigTypes.*;

public final class ConfigApi {
    private ConfigApi() {
    }

    /** @param entryChecks checks of configuration entries by the modules that read them (RecordHooks.NONE: none) */
    public static void register(Router r, Database db, RecordHooks entryChecks) {
        RecordApi.register(r, db, configEntries(entryChecks), "/configurations/entries", "configuration.entries");
        SettingsApi.register(r, db);
        RecordApi.register(r, db, STAFF_SLIPS, "/staff-slips-storage/staff-slips", "circulation-storage.staff-slips");
    }
}
