package org.quire.platform.db;

import org.junit.jupiter.api.Test;
import org.quire.TestServer;

import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DatabaseTxTest {
    @Test
    void theWorksFailureIsThrown_evenWhenTheRollbackFailsToo() {
        Database db = TestServer.get().database();
        // Closing the connection inside the work makes the rollback fail; the caller must still see why the work failed.
        assertThatThrownBy(() -> db.tx(c -> {
            c.close();
            throw new IllegalStateException("the work's own failure");
        })).isInstanceOf(IllegalStateException.class).hasMessage("the work's own failure")
                .satisfies(e -> org.assertj.core.api.Assertions.assertThat(e.getSuppressed())
                        .hasAtLeastOneElementOfType(SQLException.class));
    }
}
