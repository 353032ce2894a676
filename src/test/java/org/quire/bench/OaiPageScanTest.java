package org.quire.bench;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The bench's harvesters read identifiers, the token and errors from a page's bytes. */
class OaiPageScanTest {
    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void headersIdentifiers_deletedOnesToo_notOtherIdentifiers_andTheToken() {
        byte[] page = utf8("<OAI-PMH><request>x</request><ListRecords><record><header><identifier>oai:a/1</identifier>"
                + "<datestamp>d</datestamp></header><metadata><record><subfield code=\"a\">Été &lt;identifier&gt;"
                + "</subfield><identifier>not a header's</identifier></record></metadata></record><record>"
                + "<header status=\"deleted\"><identifier>oai:a/2</identifier></header></record>"
                + "<resumptionToken completeListSize=\"9\" cursor=\"0\">bWV0YQ==</resumptionToken></ListRecords>");
        List<String> ids = new ArrayList<>();
        assertThat(OaiPageScan.of(page).identifiers(ids::add)).isEqualTo(2);
        assertThat(ids).containsExactly("oai:a/1", "oai:a/2");
        assertThat(OaiPageScan.of(page).token()).isEqualTo("bWV0YQ==");
        assertThat(OaiPageScan.of(page).error()).isNull();
    }

    @Test
    void theLastPagesEmptyToken_noToken_andErrors() {
        assertThat(OaiPageScan.of(utf8("<resumptionToken completeListSize=\"2\" cursor=\"1\"></resumptionToken>"))
                .token()).isEmpty();
        assertThat(OaiPageScan.of(utf8("<ListRecords></ListRecords>")).token()).isNull();
        assertThat(OaiPageScan.of(utf8("<resumptionToken")).token()).isNull();
        assertThat(OaiPageScan.of(utf8("<OAI-PMH><request>x</request>\n<error code=\"badResumptionToken\">expired</error>"
                + "</OAI-PMH>")).error()).isEqualTo("badResumptionToken: expired");
        assertThat(OaiPageScan.of(utf8("<request>x</request><error code=\"bad")).error())
                .isEqualTo("unreadable error element");
        // errors are where the protocol puts them, right after the request: not after the list's start
        assertThat(OaiPageScan.of(utf8("<request>x</request><ListRecords><error code=\"a\">b</error>")).error())
                .isNull();
        assertThat(OaiPageScan.of(utf8("<error code=\"a\">no request element</error>")).error()).isNull();
        assertThat(OaiPageScan.of(utf8("<header><identifier>cut")).identifiers(id -> { })).isZero();
        assertThat(OaiPageScan.of(new byte[0]).identifiers(id -> { })).isZero();
    }
}
