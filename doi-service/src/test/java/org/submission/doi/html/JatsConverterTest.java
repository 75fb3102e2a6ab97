package org.submission.doi.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class JatsConverterTest {

    static final Pattern UNSAFE = Pattern.compile("(?i)<script|<style|<iframe|\\son[a-z]+\\s*=|javascript:|<img|<svg|<object");

    @Test
    void paragraphsBecomeParagraphs() {
        assertThat(JatsConverter.toHtml("<jats:p>One.</jats:p><jats:p>Two.</jats:p>")).isEqualTo("<p>One.</p><p>Two.</p>");
    }

    @Test
    void nestedSectionsGetHeadingsByDepth() {
        String jats = """
                <jats:title>Abstract</jats:title>
                <jats:sec><jats:title>Methods</jats:title><jats:p>We asked.</jats:p>
                  <jats:sec><jats:title>Sample</jats:title><jats:p>Everyone.</jats:p></jats:sec>
                </jats:sec>""";

        assertThat(JatsConverter.toHtml(jats).replaceAll("\\s+", " ")).isEqualTo(
                "<h2>Abstract</h2> <section><h3>Methods</h3><p>We asked.</p> <section><h4>Sample</h4><p>Everyone.</p></section> </section>");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // inline formatting
        "<jats:italic>x</jats:italic>|<i>x</i>",
        "<jats:bold>x</jats:bold>|<b>x</b>",
        "H<jats:sub>2</jats:sub>O|H<sub>2</sub>O",
        "E=mc<jats:sup>2</jats:sup>|E=mc<sup>2</sup>",
        "<jats:bold><jats:italic>both</jats:italic></jats:bold>|<b><i>both</i></b>",
        "<jats:underline>u</jats:underline> <jats:monospace>m</jats:monospace>|<u>u</u> <code>m</code>",
        "<jats:sc>small caps</jats:sc>|small caps",
        "a<jats:break/>b|a<br>b",
        // links keep only web and mail targets
        "<jats:ext-link xlink:href=\"https://example.org/a?b=1&amp;c=2\">data</jats:ext-link>|<a href=\"https://example.org/a?b=1&amp;c=2\">data</a>",
        "<jats:ext-link ext-link-type=\"uri\" xlink:href=\"http://example.org\">x</jats:ext-link>|<a href=\"http://example.org\">x</a>",
        "<jats:uri>https://example.org/u</jats:uri>|<a href=\"https://example.org/u\">https://example.org/u</a>",
        "<jats:email>someone@example.org</jats:email>|<a href=\"mailto:someone@example.org\">someone@example.org</a>",
        "<jats:ext-link xlink:href=\"javascript:alert(1)\">click</jats:ext-link>|click",
        "<jats:ext-link xlink:href=\" JaVaScRiPt:alert(1)\">click</jats:ext-link>|click",
        "<jats:ext-link xlink:href=\"java&#9;script:alert(1)\">click</jats:ext-link>|click",
        "<jats:ext-link xlink:href=\"data:text/html,x\">click</jats:ext-link>|click",
        "<jats:ext-link xlink:href=\"https://example.org/&quot; onclick=&quot;x\">q</jats:ext-link>|q",
        "<jats:ext-link>no target</jats:ext-link>|no target",
    })
    void inlineMarkupOfAParagraphBecomesItsHtml(String jats, String html) {
        assertThat(JatsConverter.toHtml("<jats:p>" + jats + "</jats:p>")).isEqualTo("<p>" + html + "</p>");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "order|ol", "bullet|ul", "''|ul", "roman-lower|ol",
    })
    void listsBecomeOrderedOrUnorderedLists(String type, String html) {
        String jats = "<jats:list list-type=\"" + type + "\"><jats:list-item><jats:p>a</jats:p></jats:list-item>"
                + "<jats:list-item><jats:p>b</jats:p></jats:list-item></jats:list>";
        assertThat(JatsConverter.toHtml(jats)).isEqualTo("<" + html + "><li><p>a</p></li><li><p>b</p></li></" + html + ">");
    }

    @Test
    void mathMlIsKeptWithWhitelistedAttributes() {
        String jats = "<jats:p>PPAR<mml:math display=\"inline\" onmouseover=\"alert(1)\" href=\"javascript:x\">"
                + "<mml:msup><mml:mi mathvariant=\"bold\" style=\"x\">Δ</mml:mi><mml:mrow><mml:mn>12</mml:mn>"
                + "<mml:mo>,</mml:mo><mml:mn>14</mml:mn></mml:mrow></mml:msup>"
                + "<mml:annotation-xml encoding=\"text/html\"><script>alert(1)</script></mml:annotation-xml></mml:math></jats:p>";

        assertThat(JatsConverter.toHtml(jats)).isEqualTo("<p>PPAR<math xmlns=\"http://www.w3.org/1998/Math/MathML\" display=\"inline\">"
                + "<msup><mi mathvariant=\"bold\">Δ</mi><mrow><mn>12</mn><mo>,</mo><mn>14</mn></mrow></msup></math></p>");
    }

    @Test
    void unprefixedMathMlInADefaultNamespaceIsKeptToo() {
        assertThat(JatsConverter.toHtml("<jats:p><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi>γ</mi></math></jats:p>"))
                .isEqualTo("<p><math xmlns=\"http://www.w3.org/1998/Math/MathML\"><mi>γ</mi></math></p>");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<jats:pThis is malformed JATS.</jats:p>",
        "<jats:p>unclosed",
        "<jats:p>a</jats:sec>",
        "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><jats:p>&e;</jats:p>",
        "<?xml version=\"1.0\"?><jats:p>declaration inside</jats:p>",
        "<jats:p>&#0;</jats:p>",
    })
    void malformedMarkupBecomesEscapedText(String jats) {
        assertThat(JatsConverter.toHtml(jats)).isEqualTo(SafeHtml.escape(jats)).doesNotContain("<");
    }

    @Test
    void deeplyNestedMarkupBecomesEscapedText() {
        String jats = "<jats:p>" + "<jats:italic>".repeat(5000) + "x" + "</jats:italic>".repeat(5000) + "</jats:p>";
        assertThat(JatsConverter.toHtml(jats)).doesNotContain("<");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "a &amp; b &lt;c&gt; &quot;d&quot;|a &amp; b &lt;c&gt; &quot;d&quot;",
        "&nbsp;x&ndash;y&mdash;z&hellip;|\u00a0x\u2013y\u2014z\u2026",
        "&alpha;&beta;&Omega; &le; &ge; &times; &deg;|αβΩ ≤ ≥ × °",
        "AT&T and R&D;|AT&amp;T and R&amp;D;",
        "&#947; &#x3b3;|γ γ",
        "&amp;lt;2 visits|&amp;lt;2 visits",
    })
    void entitiesBecomeCharactersAndTextIsEscaped(String jats, String html) {
        assertThat(JatsConverter.toHtml("<jats:p>" + jats + "</jats:p>")).isEqualTo("<p>" + html + "</p>");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<jats:p><script>alert(1)</script>text</jats:p>",
        "<jats:p><img src=\"x\" onerror=\"alert(1)\"/>text</jats:p>",
        "<jats:p onclick=\"alert(1)\" style=\"x\">text</jats:p>",
        "<jats:p><a href=\"javascript:alert(1)\">text</a></jats:p>",
        "<jats:p><svg onload=\"alert(1)\"><script>alert(1)</script></svg>text</jats:p>",
        "<jats:p><![CDATA[<script>alert(1)</script>]]>text</jats:p>",
        "<jats:p><iframe src=\"javascript:alert(1)\"></iframe>text</jats:p>",
        "<jats:p><mml:math><mml:maction actiontype=\"statusline\" onclick=\"alert(1)\"><mml:mi>x</mml:mi></mml:maction></mml:math>text</jats:p>",
    })
    void noScriptEventAttributeOrJavascriptUrlComesOut(String jats) {
        String html = JatsConverter.toHtml(jats);
        assertThat(html).doesNotContainPattern(UNSAFE).contains("text");
    }

    @Test
    void unknownJatsElementsKeepTheirText() {
        assertThat(JatsConverter.toHtml("<jats:p>See <jats:xref ref-type=\"fig\" rid=\"f1\">Figure 1</jats:xref>.</jats:p>"))
                .isEqualTo("<p>See Figure 1.</p>");
    }

    @Test
    void onlyAbstractsWithTheJatsPrefixAreReadAsJats() {
        assertThat(JatsConverter.isJats("This is an extremely interesting abstract. &amp; <blah")).isFalse();
        assertThat(JatsConverter.isJats("<jats:p>x</jats:p>")).isTrue();
    }
}
