package org.quire.notices;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.quire.platform.Json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The Mustache subset FOLIO's notice templates use. */
class MustacheTest {
    static final JsonNode CONTEXT = Json.parse("""
            {"user": {"firstName": "Ada", "lastName": "O'Neil"},
             "item": {"title": "Moby <Dick> & Co", "barcode": "1001"},
             "loan": {"numberOfRenewalsTaken": 2, "overdue": true, "paid": false},
             "loans": [{"item": {"title": "One"}}, {"item": {"title": "Two"}}],
             "tags": ["a", "b"], "none": [], "empty": ""}
            """);

    static String render(String template) {
        return Mustache.render(template, CONTEXT);
    }

    @Test
    void variables_areEscaped_unlessTripleOrAmpersand() {
        assertThat(render("Dear {{user.firstName}} {{ user.lastName }}")).isEqualTo("Dear Ada O&#39;Neil");
        assertThat(render("{{item.title}}|{{{item.title}}}|{{& item.title}}"))
                .isEqualTo("Moby &lt;Dick&gt; &amp; Co|Moby <Dick> & Co|Moby <Dick> & Co");
        assertThat(render("{{loan.numberOfRenewalsTaken}} {{loan.overdue}}")).isEqualTo("2 true");
    }

    @Test
    void unknownTokens_renderEmpty() {
        assertThat(render("[{{request.servicePointPickup}}][{{nothing}}][{{item}}][{{item.title.more}}]"))
                .isEqualTo("[][][][]");
    }

    @Test
    void sections_iterateLists_enterObjects_andTestTruth() {
        assertThat(render("{{#loans}}<li>{{item.title}} for {{user.firstName}}</li>{{/loans}}"))
                .isEqualTo("<li>One for Ada</li><li>Two for Ada</li>");
        assertThat(render("{{#item}}{{barcode}}{{/item}}")).isEqualTo("1001");
        assertThat(render("{{#tags}}{{.}},{{/tags}}")).isEqualTo("a,b,");
        assertThat(render("{{#loan.overdue}}late{{/loan.overdue}}{{#loan.paid}}paid{{/loan.paid}}")).isEqualTo("late");
        assertThat(render("{{#none}}x{{/none}}{{#empty}}y{{/empty}}{{#missing}}z{{/missing}}")).isEmpty();
        assertThat(render("{{^none}}no loans{{/none}}{{^loans}}hidden{{/loans}}")).isEqualTo("no loans");
        assertThat(render("a{{! a comment }}b")).isEqualTo("ab");
    }

    @Test
    void unbalancedTemplates_areRefused() {
        assertThatThrownBy(() -> render("{{#loans}}open")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> render("{{/loans}}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> render("{{#a}}{{/b}}")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> render("{{user.firstName")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void dateTokens_areFormatted_withATimeSibling() {
        JsonNode ctx = Templates.formatDates(Json.parse("""
                {"loan": {"dueDate": "2026-11-22T23:59:59.000Z", "note": "2026-11-22T23:59:59Z"},
                 "loans": [{"loan": {"dueDate": "2026-01-05T09:30:00Z"}}]}
                """));
        assertThat(Mustache.render("{{loan.dueDate}} / {{loan.dueDateTime}} / {{loan.note}} / "
                + "{{#loans}}{{loan.dueDateTime}}{{/loans}}", ctx))
                .isEqualTo("Nov 22, 2026 / Nov 22, 2026, 11:59 PM / 2026-11-22T23:59:59Z / Jan 5, 2026, 9:30 AM");
    }
}
