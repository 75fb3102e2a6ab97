package org.submission.doi.service;

import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Registry abstracts are XML fragments but often carry HTML named entities ({@code &nbsp;},
 * {@code &ndash;}) and bare ampersands, which an XML parser rejects. This turns the known names
 * into character references and every other stray {@code &} into {@code &amp;}, so that one such
 * character does not demote a whole abstract to plain text.
 */
final class HtmlEntities {

    private static final Pattern AMPERSAND = Pattern.compile("&(#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|([A-Za-z][A-Za-z0-9]{0,31});)?");
    private static final Map<String, Integer> NAMES = new HashMap<>();

    static {
        String latin1 = "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn"
                + " sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute"
                + " Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde"
                + " Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave"
                + " aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth"
                + " ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml";
        sequence(latin1, 160);
        sequence("Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho", 913);
        sequence("Sigma Tau Upsilon Phi Chi Psi Omega", 931);
        sequence("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigmaf"
                + " sigma tau upsilon phi chi psi omega", 945);
        String[] symbols = {"thetasym 977", "upsih 978", "piv 982", "OElig 338", "oelig 339", "Scaron 352",
            "scaron 353", "Yuml 376", "fnof 402", "circ 710", "tilde 732", "ensp 8194", "emsp 8195", "thinsp 8201",
            "zwnj 8204", "zwj 8205", "lrm 8206", "rlm 8207", "ndash 8211", "mdash 8212", "lsquo 8216", "rsquo 8217",
            "sbquo 8218", "ldquo 8220", "rdquo 8221", "bdquo 8222", "dagger 8224", "Dagger 8225", "bull 8226",
            "hellip 8230", "permil 8240", "prime 8242", "Prime 8243", "lsaquo 8249", "rsaquo 8250", "euro 8364",
            "trade 8482", "larr 8592", "uarr 8593", "rarr 8594", "darr 8595", "harr 8596", "forall 8704",
            "part 8706", "exist 8707", "empty 8709", "nabla 8711", "isin 8712", "notin 8713", "prod 8719",
            "sum 8721", "minus 8722", "lowast 8727", "radic 8730", "prop 8733", "infin 8734", "ang 8736",
            "and 8743", "or 8744", "cap 8745", "cup 8746", "int 8747", "there4 8756", "sim 8764", "cong 8773",
            "asymp 8776", "ne 8800", "equiv 8801", "le 8804", "ge 8805", "sub 8834", "sup 8835", "sube 8838",
            "supe 8839", "sdot 8901"};
        for (String symbol : symbols) {
            String[] parts = symbol.split(" ");
            NAMES.put(parts[0], Integer.parseInt(parts[1]));
        }
    }

    private HtmlEntities() {
    }

    private static void sequence(String names, int first) {
        String[] list = names.split(" ");
        for (int i = 0; i < list.length; i++) {
            NAMES.put(list[i], first + i);
        }
    }

    /** The text with XML's five entities and character references kept, known HTML names numbered, other {@code &} escaped. */
    static String toXml(String text) {
        Matcher m = AMPERSAND.matcher(text);
        StringBuilder out = new StringBuilder(text.length() + 16);
        while (m.find()) {
            String replacement;
            if (m.group(1) == null) {
                replacement = "&amp;";
            } else if (m.group(2) == null) {
                replacement = m.group();
            } else {
                String name = m.group(2);
                Integer code = NAMES.get(name);
                replacement = switch (name) {
                    case "amp", "lt", "gt", "quot", "apos" -> m.group();
                    default -> code != null ? "&#" + code + ";" : "&amp;" + name + ";";
                };
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }
}
