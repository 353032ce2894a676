package org.quire.users;

import org.quire.platform.db.Database;
import org.quire.platform.domain.NotFound;

import java.util.Optional;
import java.util.UUID;

/**
 * mod-users-bl's user deletion (BLUsersAPI.deleteBlUsersByIdById): a user with open transactions (loans, requests,
 * fees/fines, proxies, manual blocks) is not deleted; the Users app shows them from the 409's body. One transaction:
 * the count and the delete see the same user.
 */
final class UserDeletion {
    private final Database db;

    UserDeletion(Database db) {
        this.db = db;
    }

    /** Deletes the user unless they have open transactions, which it then answers; an unknown user is NotFound. */
    Optional<OpenTransactions> deleteUnlessOpenTransactions(String schema, UUID id) {
        return db.tx(c -> {
            OpenTransactions open = UsersStore.openTransactionsById(c, schema, id)
                    .orElseThrow(() -> new NotFound("User with id '" + id + "' not found"));
            if (open.any()) return Optional.of(open);
            UserTypes.USERS.delete(c, schema, id);
            return Optional.<OpenTransactions>empty();
        });
    }
}
