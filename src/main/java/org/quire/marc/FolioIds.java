package org.quire.marc;

import java.util.Map;

/**
 * UUIDs of the FOLIO reference data the MARC mapping points at.
 *
 * <p>These are the fixed ids shipped in mod-inventory-storage's reference data (the same records
 * Quire loads), so mapping needs no database lookup. {@code FolioIdsTest} checks every id here
 * against the reference-data files, so a drift is caught by the build rather than at import.
 */
public final class FolioIds {
    private FolioIds() {}

    // identifier-types
    public static final String ISBN = "8261054f-be78-422d-bd51-4ed9f33c3422";
    public static final String INVALID_ISBN = "fcca2643-406a-482a-b760-7a7f8aec640e";
    public static final String ISSN = "913300b2-03ed-469a-8179-c1092c991227";
    public static final String INVALID_ISSN = "27fd35a6-b8f6-41f2-aa0e-9c663ceb250c";
    public static final String LINKING_ISSN = "5860f255-a27f-4916-a830-262aa900a6b9";
    public static final String LCCN = "c858e4f2-2b6b-4385-842b-60732ee14abb";
    public static final String OCLC = "439bfbae-75bc-4f74-9fc7-b2a2d47ce3ef";
    public static final String SYSTEM_CONTROL_NUMBER = "7e591197-f335-4afb-bc6d-a6d76ca3bace";
    public static final String CANCELLED_SYSTEM_CONTROL_NUMBER =
            "fc4e3f2a-887a-46e5-8057-aeeb271a4e56";

    // contributor-name-types
    public static final String PERSONAL_NAME = "2b94c631-fca9-4892-a730-03ee529ffe2a";
    public static final String CORPORATE_NAME = "2e48e713-17f3-4c13-a9f8-23845bb210aa";
    public static final String MEETING_NAME = "e8b311a6-3b21-43f2-a269-dd9310cb2d0a";

    // classification-types
    public static final String LC_CLASSIFICATION = "ce176ace-a53e-4b4d-aa89-725ed7b2edac";
    public static final String DEWEY_CLASSIFICATION = "42471af9-7d25-4f3a-bf78-60d29dcf463b";

    // instance-note-types
    public static final String GENERAL_NOTE = "6a2533a7-4de2-4e64-8466-074c2fa9308c";
    public static final String DISSERTATION_NOTE = "b73cc9c2-c9fa-49aa-964f-5ae1aa754ecd";
    public static final String BIBLIOGRAPHY_NOTE = "86b6e817-e1bc-42fb-bab0-70e7547de6c1";
    public static final String FORMATTED_CONTENTS_NOTE = "5ba8e385-0e27-462e-a571-ffa1fa34ea54";
    public static final String SUMMARY_NOTE = "10e2e11b-450f-45c8-b09b-0f819999966e";
    public static final String LANGUAGE_NOTE = "7356cde5-ec6b-4961-9cb0-961c48a37af4";

    // alternative-title-types
    public static final String UNIFORM_TITLE = "30512027-cdc9-4c79-af75-1565b3bd888d";
    public static final String VARIANT_TITLE = "35bbe7f2-1a49-11ed-861d-0242ac120002";
    public static final String FORMER_TITLE = "ab26d2e4-1a4a-11ed-861d-0242ac120002";

    // modes-of-issuance
    public static final String MODE_SINGLE_UNIT = "9d18a02f-5897-4c31-9106-c9abb5c7ae8b";
    public static final String MODE_SERIAL = "068b5344-e2a6-40df-9186-1829e13cd344";
    public static final String MODE_INTEGRATING_RESOURCE = "4fc0f4fe-06fd-490a-a078-c4da1754e03a";
    public static final String MODE_UNSPECIFIED = "612bbd3d-c16b-4bfb-8517-2afafc60204a";

    // instance-types
    public static final String TYPE_TEXT = "6312d172-f0cf-40f6-b27d-9fa8feaf332f";
    public static final String TYPE_UNSPECIFIED = "30fffe0e-e985-4144-b2e2-1e8179bdb41f";

    /** Instance types by their RDA content code, the value of MARC 336 $b. */
    public static final Map<String, String> INSTANCE_TYPES_BY_CODE = Map.ofEntries(
            Map.entry("crd", "3363cdb1-e644-446c-82a4-dc3a1d4395b9"),
            Map.entry("cri", "526aa04d-9289-4511-8866-349299592c18"),
            Map.entry("crm", "80c0c134-0240-4b63-99d0-6ca755d5f433"),
            Map.entry("crt", "408f82f0-e612-4977-96a1-02076229e312"),
            Map.entry("crn", "e5136fa2-1f19-4581-b005-6e007a940ca8"),
            Map.entry("crf", "2022aa2e-bdde-4dc4-90bc-115e8894b8b3"),
            Map.entry("cod", "df5dddff-9c30-4507-8b82-119ff972d4d7"),
            Map.entry("cop", "c208544b-9e28-44fa-a13c-f4093d72f798"),
            Map.entry("ntv", "fbe264b5-69aa-4b7c-a230-3b53337f6440"),
            Map.entry("ntm", "497b5090-3da2-486c-b57f-de5bb3c2e26d"),
            Map.entry("xxx", "a2c91e87-6bab-44d6-8adb-1fd02481fc4f"),
            Map.entry("prm", "3be24c14-3551-4180-9292-26a786649c8b"),
            Map.entry("snd", "9bce18bd-45bf-4949-8fa8-63163e4b7d7f"),
            Map.entry("spw", "c7f7446f-4642-4d97-88c9-55bae2ad6c7f"),
            Map.entry("sti", "535e3160-763a-42f9-b0c0-d8ed7df6e2a2"),
            Map.entry("tci", "efe2e89b-0525-4535-aa9b-3ff1a131189e"),
            Map.entry("tcn", "e6a278fb-565a-4296-a7c5-8eb63d259522"),
            Map.entry("tcm", "a67e00fd-dcce-42a9-9e75-fd654ec31e89"),
            Map.entry("tct", "8105bd44-e7bd-487e-a8f2-b804a361d92f"),
            Map.entry("tcf", "82689e16-629d-47f7-94b5-d89736cf11f2"),
            Map.entry("txt", TYPE_TEXT),
            Map.entry("tdf", "c1e95c2b-4efc-48cf-9e71-edb622cf0c22"),
            Map.entry("tdm", "3e3039b7-fda0-4ac4-885a-022d457cb99c"),
            Map.entry("tdi", "225faa14-f9bf-4ecd-990d-69433c912434"),
            Map.entry("zzz", TYPE_UNSPECIFIED));
}
