package org.quire.users;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.cql.FieldType;
import org.quire.platform.records.RecordHooks;
import org.quire.platform.records.RecordStore;
import org.quire.platform.records.RecordType;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/** Users, patron groups, proxy relationships, manual blocks and permission assignments. */
public final class UserTypes {
    private UserTypes() {
    }

    /**
     * Properties a client may send on a user that are secrets (a password typed into a user import, mod-login's
     * credentials): mod-users' userdata.json has no such property, and a user record is readable by anyone with
     * users.item.get, so they are dropped before the record is stored. Other unknown properties are kept, as FOLIO.
     */
    static final List<String> SECRET_PROPERTIES = List.of("password", "credentials");

    public static final RecordStore USERS = new RecordStore(RecordType.builder("users", "users")
            .column("username", "username", FieldType.KEYWORD)
            .column("barcode", "barcode", FieldType.KEYWORD)
            .column("active", "active", FieldType.BOOLEAN)
            .column("patron_group", "patronGroup", FieldType.UUID)
            .column("external_system_id", "externalSystemId", FieldType.KEYWORD)
            .column("type", "type", FieldType.KEYWORD)
            .column("last_name", "personal.lastName", FieldType.TEXT)
            .column("first_name", "personal.firstName", FieldType.TEXT)
            .column("email", "personal.email", FieldType.KEYWORD)
            .column("expiration_date", "expirationDate", FieldType.DATETIME)
            .keywords("username", "barcode", "personal.firstName", "personal.lastName", "personal.email",
                    "externalSystemId")
            .defaultSort("lower(last_name), lower(first_name), id")
            .hooks(new RecordHooks() {
                // mod-users' process_department_assign trigger: a user names only departments that exist.
                @Override
                public void beforeWrite(Connection c, String schema, List<ObjectNode> records,
                                        List<ObjectNode> previous) throws SQLException {
                    for (ObjectNode r : records) r.remove(SECRET_PROPERTIES);
                    Departments.requireExisting(c, schema, records);
                }

                // Deactivation and deletion end the user's sessions (issue 12).
                @Override
                public void afterWrite(Connection c, String schema, List<ObjectNode> records,
                                       List<ObjectNode> previous) throws SQLException {
                    Sessions.afterUserWrites(c, schema, records, previous);
                }

                @Override
                public void beforeDelete(Connection c, String schema, ObjectNode record) throws SQLException {
                    Sessions.deleted(c, schema, record);
                }
            })
            .events("users.user")
            .build());

    public static final RecordStore GROUPS = new RecordStore(RecordType.builder("patron_group", "usergroups")
            .column("group_name", "group", FieldType.TEXT)
            .required("group")
            .keywords("group")
            .defaultSort("lower(group_name)")
            .build());

    /** mod-users' address types (ramls/addresstype.json: {@code addressType} required and unique). */
    public static final RecordStore ADDRESS_TYPES = new RecordStore(RecordType.builder("addresstype", "addressTypes")
            .column("address_type", "addressType", FieldType.TEXT)
            .required("addressType")
            .keywords("addressType")
            .defaultSort("lower(address_type)")
            .hooks(new AddressTypeHooks())
            .build());

    public static final RecordStore PROXIES = new RecordStore(RecordType.builder("proxy_for", "proxiesFor")
            .column("user_id", "userId", FieldType.UUID)
            .column("proxy_user_id", "proxyUserId", FieldType.UUID)
            .required("userId", "proxyUserId")
            .build());

    public static final RecordStore MANUAL_BLOCKS = new RecordStore(RecordType.builder("manual_block", "manualblocks")
            .column("user_id", "userId", FieldType.UUID)
            .column("expiration_date", "expirationDate", FieldType.DATETIME)
            .required("userId")
            .build());

    public static final RecordStore PERMISSION_USERS = new RecordStore(RecordType.builder("permission_user",
            "permissionUsers")
            .column("user_id", "userId", FieldType.UUID)
            .required("userId")
            .build());

    /** mod-users' departments (ramls/department.json: name and code required); usageNumber is computed on read. */
    public static final RecordStore DEPARTMENTS = new RecordStore(RecordType.builder("department", "departments")
            .column("name", "name", FieldType.TEXT)
            .column("code", "code", FieldType.TEXT)
            .required("name", "code")
            .keywords("name", "code")
            .defaultSort("lower(name), id")
            .hooks(new Departments())
            .build());

    /** mod-circulation-storage's request preferences (request-preference.json), one per user. */
    public static final RecordStore REQUEST_PREFERENCES = new RecordStore(RecordType.builder("user_request_preference",
            "requestPreferences")
            .column("user_id", "userId", FieldType.UUID)
            .required("userId", "holdShelf", "delivery")
            .hooks(new RequestPreferences())
            .build());
}
