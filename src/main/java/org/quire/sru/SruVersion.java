package org.quire.sru;

/**
 * The SRU versions served, with their response and diagnostic namespaces: LoC's SRU 1.1/1.2 ({@code
 * http://www.loc.gov/zing/srw/}) and OASIS searchRetrieve 2.0 ({@code …/search-ws/sruResponse}).
 */
public enum SruVersion {
    V1_1("1.1", "http://www.loc.gov/zing/srw/", "http://www.loc.gov/zing/srw/diagnostic/"),
    V1_2("1.2", "http://www.loc.gov/zing/srw/", "http://www.loc.gov/zing/srw/diagnostic/"),
    V2_0("2.0", "http://docs.oasis-open.org/ns/search-ws/sruResponse",
            "http://docs.oasis-open.org/ns/search-ws/diagnostic");

    /** The highest version served: a request naming another is answered in it with diagnostic 5. */
    static final SruVersion HIGHEST = V2_0;

    final String text;
    final String namespace;
    final String diagnosticNamespace;

    SruVersion(String text, String namespace, String diagnosticNamespace) {
        this.text = text;
        this.namespace = namespace;
        this.diagnosticNamespace = diagnosticNamespace;
    }

    boolean two() {
        return this == V2_0;
    }

    /**
     * The version a request's {@code version} names, or null when it is none served. No version is 2.0, which
     * dropped the parameter (YAZ's yaz_negotiate_sru_version does the same).
     */
    static SruVersion of(String text) {
        if (text == null) return V2_0;
        for (SruVersion v : values()) if (v.text.equals(text.trim())) return v;
        return null;
    }
}
