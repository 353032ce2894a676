package org.quire.platform;

import org.junit.jupiter.api.Test;

import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class IdsTest {
    @Test
    void acceptsExactlyFolioUuidPattern() {
        String id = "3a40852d-49fd-4df2-a1f9-6e2641a6e91f";
        assertThat(Ids.orNull(id)).isEqualTo(UUID.fromString(id));
        assertThat(Ids.isUuid(id.toUpperCase())).isTrue();
        assertThat(Ids.UUID_PATTERN.matcher(id.toUpperCase()).matches()).isTrue();
        for (String bad : new String[]{null, "", "1-2-3-4-5", "3a40852d49fd-4df2-a1f9-6e2641a6e91f-",
                "3a40852d-49fd-4df2-a1f9-6e2641a6e91g", "3a40852d-49fd-4df2-a1f9_6e2641a6e91f",
                "3a40852d-49fd-4df2-a1f9-6e2641a6e91", "３a40852d-49fd-4df2-a1f9-6e2641a6e91f"}) {
            assertThat(Ids.parse(bad)).as(bad).isEmpty();
            if (bad != null) assertThat(Ids.UUID_PATTERN.matcher(bad).matches()).as("the pattern agrees: " + bad).isFalse();
        }
    }
}
