package org.submission.doi.html;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** HTML abstracts (no JATS prefix) go through the same allow-list as converted JATS. */
class SafeHtmlTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "<p>H<sub>2</sub>O, <i>in vitro</i>, <b>n</b>=mc<sup>2</sup></p>|<p>H<sub>2</sub>O, <i>in vitro</i>, <b>n</b>=mc<sup>2</sup></p>",
        "<section><h2>Methods</h2><ol><li>a</li></ol><ul><li>b</li></ul></section>|<section><h2>Methods</h2><ol><li>a</li></ol><ul><li>b</li></ul></section>",
        "<p>a<br>b</p>|<p>a<br>b</p>",
        "<a href=\"https://example.org/a?b=1&amp;c=2\" title=\"t\">data</a>|<a href=\"https://example.org/a?b=1&amp;c=2\">data</a>",
        "<a href=\"mailto:someone@example.org\">mail</a>|<a href=\"mailto:someone@example.org\">mail</a>",
        "<p><math><mi mathvariant=\"bold\" style=\"x\">x</mi></math></p>|<p><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi mathvariant=\"bold\">x</mi></math></p>",
        "<h1>Title</h1><div><span>text</span></div>|Titletext",
        "x < 5 & y > 3 &nbsp;|x &lt; 5 &amp; y &gt; 3 \u00a0",
        // scripts, event attributes and unsafe links
        "<p>Plain <img src=x onerror=alert(1)><script>alert(2)</script></p>|<p>Plain </p>",
        "<p onclick=\"alert(1)\" style=\"color:red\">text</p>|<p>text</p>",
        "<a href=\"javascript:alert(1)\">text</a>|text",
        "<a href=\"java&#9;script:alert(1)\">text</a>|text",
        "<a href=\"/relative\">text</a>|text",
        "<svg onload=alert(1)><script>alert(1)</script></svg>text|text",
        "<iframe src=javascript:alert(1)></iframe>text|text",
        "<style>p { color: red }</style><p>text</p>|<p>text</p>",
        "<math><maction actiontype=statusline onclick=alert(1)><mi>x</mi></maction></math>text|<math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi>x</mi></math>text",
        "<form action=x><input onfocus=alert(1) autofocus>text</form>|text",
    })
    void keepsTheAllowListAndTheTextOfEverythingElse(String html, String safe) {
        assertThat(SafeHtml.ofAbstract(html)).isEqualTo(safe);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\"></noscript>text",
        "<textarea><script>alert(1)</script></textarea>text",
        "<p><a href=\"https://x.example.org\" onmouseover=\"alert(1)\">text</a>",
        "<![CDATA[<script>alert(1)</script>]]>text",
        "<table><tr><td><img src=x onerror=alert(1)>text</td></tr></table>",
        "<p>unclosed <b>text",
    })
    void noScriptEventAttributeOrJavascriptUrlComesOut(String html) {
        assertThat(SafeHtml.ofAbstract(html)).doesNotContainPattern(JatsConverterTest.UNSAFE).contains("text");
    }

    /** The hostile abstract of the module README: its time is shown by HostileWorkIT and the benchmark figures. */
    @Test
    void manySiblingUnsafeLinksAndDroppedElementsKeepTheirTextOnly() {
        String links = "<a>x".repeat(100_000);
        String dropped = "<object>y</object>z".repeat(50_000);

        String safe = SafeHtml.ofAbstract(links + dropped);

        assertThat(safe).isEqualTo("x".repeat(100_000) + "z".repeat(50_000));
    }

    @Test
    void anAbstractOverTheCapIsCutThereAndReadAsHtml() {
        String jats = "<jats:p>" + "word ".repeat(SafeHtml.MAX_ABSTRACT) + "</jats:p>";

        String html = SafeHtml.abstractOf(jats);

        assertThat(html).doesNotContain("<", "&lt;").startsWith("word word").hasSizeLessThanOrEqualTo(SafeHtml.MAX_ABSTRACT);
    }

    @Test
    void anAbstractAtTheCapIsConvertedWhole() {
        String jats = "<jats:p>" + "w".repeat(SafeHtml.MAX_ABSTRACT - 17) + "</jats:p>";

        assertThat(SafeHtml.abstractOf(jats)).isEqualTo("<p>" + "w".repeat(SafeHtml.MAX_ABSTRACT - 17) + "</p>");
    }

    @Test
    void anAbstractWithoutMarkupIsLeftAsItIs() {
        String text = "Plain & simple > nothing";

        assertThat(SafeHtml.abstractOf(text)).isSameAs(text);
    }

    @Test
    void anAbstractWithMarkupBecomesSafeHtml() {
        assertThat(SafeHtml.abstractOf("<jats:p>A <jats:italic>b</jats:italic><script>x</script></jats:p>"))
                .isEqualTo("<p>A <i>b</i></p>");
    }
}
