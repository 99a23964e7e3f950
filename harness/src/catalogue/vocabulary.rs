//! The step vocabulary: every Gherkin sentence the generator writes and the runner reads,
//! each defined once as a template such as `a file {quoted} with text {string}`. A slot's
//! type says how a value is written into the sentence and how the runner's matcher
//! captures it back, so the renderer and the runner cannot drift apart.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

/// Which Gherkin keywords a step is written under (`And` inherits the previous one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keyword {
    Given,
    When,
    Then,
    /// Written after a call in `When` and as an expectation in `Then`.
    WhenThen,
}

impl Keyword {
    /// Whether a step under the Gherkin keyword `word` (`Given`, `When`, `Then`) may be this.
    pub fn admits(self, word: &str) -> bool {
        match self {
            Keyword::Given => word == "Given",
            Keyword::When => word == "When",
            Keyword::Then => word == "Then",
            Keyword::WhenThen => word == "When" || word == "Then",
        }
    }
}

/// One step form: a sentence template under its keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Form {
    pub name: &'static str,
    pub keyword: Keyword,
    pub template: &'static str,
}

/// A value to write into a slot.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    /// Written between double quotes as it is (validation keeps quotes out of it).
    Quoted(&'a str),
    /// A JSON string literal.
    JsonString(&'a str),
    /// Single-line JSON with sorted keys.
    Json(&'a Value),
    /// A JSON array of strings.
    Strings(&'a [String]),
    Number(u64),
    /// Permission bits, `0o640`.
    Mode(u32),
    /// A bare lower-case word (an error kind, a JSON type).
    Word(&'a str),
}

/// The slot types a template may use; `{a}` is the article `a`, read as `a` or `an`.
const SLOTS: [(&str, &str); 12] = [
    ("quoted", r#""([^"]*)""#),
    ("string", r#"(".*")"#),
    ("object", r"(\{.*\})"),
    ("array", r"(\[.*\])"),
    ("json", r"(.+)"),
    // Any JSON value but a sentence going on ("is the hash of", "is saved as").
    ("value", r#"((?:[\[\{"0-9-]|true|false|null).*)"#),
    ("number", r"(\d+)"),
    // A duration: the catalogue writes whole seconds; a test may run a race for a fraction.
    ("seconds", r"(\d+(?:\.\d+)?)"),
    ("mode", r"(0o[0-7]+)"),
    ("kind", r"([a-z_]+)"),
    ("word", r"([a-z]+)"),
    ("a", r"an?"),
];

/// Whether `arg` is the kind of value slot `slot` holds.
fn fits(slot: &str, arg: &Arg) -> bool {
    matches!(
        (slot, arg),
        ("quoted", Arg::Quoted(_))
            | ("string", Arg::JsonString(_))
            | ("object" | "json" | "value" | "array", Arg::Json(_))
            | ("array", Arg::Strings(_))
            | ("number" | "seconds", Arg::Number(_))
            | ("mode", Arg::Mode(_))
            | ("kind" | "word", Arg::Word(_))
    )
}

/// A template's pieces: literal text, then a slot name, alternately (`None` at the end).
fn pieces(template: &str) -> Result<Vec<(&str, Option<&str>)>, String> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let close = rest[open..]
            .find('}')
            .ok_or_else(|| format!("step template {template:?}: a `{{` is never closed"))?;
        let slot = &rest[open + 1..open + close];
        if !SLOTS.iter().any(|(name, _)| *name == slot) {
            return Err(format!(
                "step template {template:?}: unknown slot `{{{slot}}}`"
            ));
        }
        out.push((&rest[..open], Some(slot)));
        rest = &rest[open + close + 1..];
    }
    out.push((rest, None));
    Ok(out)
}

impl Form {
    /// The anchored regex the runner matches this form with; `Err` for a bad template.
    pub fn pattern(&self) -> Result<String, String> {
        let mut re = String::from("^");
        for (text, slot) in pieces(self.template)? {
            re.push_str(&regex::escape(text));
            if let Some(slot) = slot {
                let (_, slot_re) = SLOTS.iter().find(|(n, _)| *n == slot).expect("checked");
                re.push_str(slot_re);
            }
        }
        re.push('$');
        Ok(re)
    }

    /// The compiled matcher; `Err` names the form when its template is bad.
    pub fn regex(&self) -> Result<Regex, String> {
        let pattern = self.pattern()?;
        Regex::new(&pattern).map_err(|e| format!("step form {}: {e}", self.name))
    }

    /// The values a sentence of this form holds, in slot order; `None` when it is not one
    /// (or the form is not in `ALL`).
    pub fn captures(&self, sentence: &str) -> Option<Vec<String>> {
        let caps = MATCHERS.get(self.name)?.captures(sentence)?;
        let values = caps.iter().skip(1).flatten();
        Some(values.map(|m| m.as_str().to_string()).collect())
    }

    /// The sentence with `args` in its slots, in order (`{a}` takes none).
    ///
    /// # Panics
    /// When the arguments do not fit the template: a bug in the renderer, which the
    /// vocabulary tests exercise with every case of every profile.
    pub fn render(&self, args: &[Arg]) -> String {
        let pieces = pieces(self.template).unwrap_or_else(|e| panic!("{e}"));
        let mut args = args.iter();
        let mut out = String::new();
        for (text, slot) in pieces {
            out.push_str(text);
            match slot {
                None => {}
                Some("a") => out.push('a'),
                Some(slot) => match args.next() {
                    Some(arg) if fits(slot, arg) => out.push_str(&written(arg)),
                    other => panic!("step form {}: {{{slot}}} given {other:?}", self.name),
                },
            }
        }
        assert!(
            args.next().is_none(),
            "step form {}: too many arguments",
            self.name
        );
        out
    }
}

/// The matchers of the forms in `ALL`, compiled once (a bad template is left out here and
/// fails the tests).
static MATCHERS: LazyLock<BTreeMap<&str, Regex>> = LazyLock::new(|| {
    ALL.iter()
        .filter_map(|f| Some((f.name, f.regex().ok()?)))
        .collect()
});

/// How a value is written in a sentence.
fn written(arg: &Arg) -> String {
    match arg {
        Arg::Quoted(s) => format!("\"{s}\""),
        Arg::JsonString(s) => json_string(s),
        Arg::Json(v) => json(v),
        Arg::Strings(items) => {
            let parts: Vec<String> = items.iter().map(|s| json_string(s)).collect();
            format!("[{}]", parts.join(","))
        }
        Arg::Number(n) => n.to_string(),
        Arg::Mode(m) => format!("0o{m:03o}"),
        Arg::Word(w) => w.to_string(),
    }
}

/// Whether a text can stand in a `{quoted}` slot: no quote ends it early, and no control
/// character breaks the Gherkin line.
pub fn quotable(s: &str) -> bool {
    !s.contains('"') && !s.chars().any(char::is_control)
}

/// A JSON string literal.
fn json_string(s: &str) -> String {
    serde_json::to_string(s).expect("strings always serialize")
}

/// Single-line JSON with object keys sorted, independent of serde_json features.
pub fn json(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let parts: Vec<String> = keys
                .into_iter()
                .map(|k| format!("{}:{}", json_string(k), json(&m[k])))
                .collect();
            format!("{{{}}}", parts.join(","))
        }
        Value::Array(a) => {
            let parts: Vec<String> = a.iter().map(json).collect();
            format!("[{}]", parts.join(","))
        }
        other => serde_json::to_string(other).expect("scalars always serialize"),
    }
}

/// Declares each form as a constant and lists them all in `ALL`.
macro_rules! forms {
    ($($(#[$doc:meta])* $name:ident: $keyword:ident $template:literal;)*) => {
        $($(#[$doc])* pub const $name: Form = Form {
            name: stringify!($name),
            keyword: Keyword::$keyword,
            template: $template,
        };)*
        /// Every form of the vocabulary.
        pub const ALL: &[Form] = &[$($name),*];
    };
}

forms! {
    // Fixtures, made by the harness before the server starts.
    FILE_WITH_TEXT: Given "a file {quoted} with text {string}";
    FILE_WITH_BASE64: Given "a file {quoted} with base64 {quoted}";
    FILE_OF_COPIES: Given "a file {quoted} made of {number} copies of {string}";
    FILE_GETS_MODE: Given "the file {quoted} has mode {mode}";
    VARIABLE_OF_COPIES: Given "the variable {quoted} holds {number} copies of {string}";
    DIRECTORY: Given "a directory {quoted}";
    SYMLINK: Given "a symlink {quoted} pointing to {quoted}";
    HARD_LINK: Given "a hard link {quoted} to the file {quoted}";
    OUTSIDE_FILE_WITH_TEXT: Given "an outside file {quoted} with text {string}";
    OUTSIDE_FILE_WITH_BASE64: Given "an outside file {quoted} with base64 {quoted}";
    OUTSIDE_DIRECTORY: Given "an outside directory {quoted}";
    FIFO: Given "a fifo {quoted}";
    SOCKET: Given "a socket {quoted}";
    DEVICE: Given "a device {quoted}";
    OFFER_ROOTS: Given "the client offers the roots {array}";
    OFFER_ROOTS_REPEATED: Given "the client offers the roots {array} each repeated {number} times";

    // Actions.
    CALL: When "the client calls {quoted} with {object}";
    CALL_OR: When "the client calls {quoted} with {object}, or {quoted} where the server lacks it";
    RPC: When "the client sends the request {quoted} with {object}";
    SAVE_FIELD: WhenThen "the result field {quoted} is saved as {quoted}";
    CHANGE_ON_DISK: When "the file {quoted} is changed on disk to {string}";
    READ_RESOURCE: When "the client reads the resource {quoted}";
    LIST_TOOLS: When "the client lists the tools";
    LIST_TEMPLATES: When "the client lists the resource templates";
    CONCURRENT: When "{number} clients call {quoted} concurrently with {object}";
    CONCURRENT_PROCESSES: When
        "{number} clients on {number} server processes call {quoted} concurrently with {object}";
    READ_DURING: When "the client calls {quoted} with {object} while reading {quoted} repeatedly";
    READ_DURING_WITH_READER: When
        "the client calls {quoted} with {object} while reading {quoted} repeatedly with the \
         reader arguments {object} each time";
    RACE: When
        "the client repeats the calls {array} at least {number} times and for at least {seconds} s \
         while {quoted} is exchanged with a symlink to {quoted}";
    HTTP_REQUEST: When "the client sends the HTTP request {object}";
    CHANGE_ROOTS: When "the client changes its roots to {array}";
    /// The sweep (`run::sweep`): every tool the server lists that takes a path.
    SWEEP: When "every tool of the server that takes a path is sent paths that lead out of the root";

    // Expectations.
    CALL_SUCCEEDS: WhenThen "the call succeeds";
    /// A result or an error that answers the call.
    SERVER_ANSWERS: WhenThen "the server answers the call";
    FIELD_IS: Then "the result field {quoted} is {value}";
    FIELD_HAS_LINES: Then "the result field {quoted} has the lines {array}";
    FIELD_MATCHES: Then "the result field {quoted} matches {string}";
    FIELD_IS_HASH_OF: Then "the result field {quoted} is the hash of the file {quoted}";
    FIELD_EQUALS_SAVED: Then "the result field {quoted} equals the saved {quoted}";
    FIELD_DIFFERS_FROM_SAVED: Then "the result field {quoted} differs from the saved {quoted}";
    CALL_FAILS: Then "the call fails";
    CALL_FAILS_WITH: Then "the call fails with {a} {kind} error";
    ERROR_MENTIONS: Then "the error message mentions {array}";
    ERROR_MENTIONS_ONE_OF: Then "the error message mentions one of {array}";
    ERROR_CARRIES_FACTS: Then "the error carries the facts of {a} {kind} error";
    ERROR_FIELD_TYPED: Then "the error has the field {quoted} of type {word}";
    ERROR_MARKED: Then "the failure is marked as the interface says failures are";
    LISTING_NAMES: Then "the listing names are {array}";
    LISTING_DIRECTORIES: Then "the listing directories are {array}";
    LISTING_FILES: Then "the listing files are {array}";
    LISTING_JSON: Then "the listing JSON is {json}";
    TOOL_SCHEMA: Then "the tool {quoted} requires {array} and has properties {array}";
    TEMPLATE_INCLUDED: Then "the resource templates include {quoted}";
    CONCURRENT_OUTCOME: Then
        "exactly {number} of the concurrent calls succeed and the others fail with {a} {kind} error";
    READS_OLD_OR_NEW: Then "every read during the call returned the file's old or new content";
    HTTP_STATUS: Then "the HTTP status is {number}";
    SESSION_ID_UUID: Then "the response header \"mcp-session-id\" is a UUID v4";
    WWW_AUTHENTICATE: Then "the response header \"www-authenticate\" contains {string}";
    JSONRPC_RESULT: Then "the HTTP response carries a JSON-RPC result";
    NEVER_SHOWS: Then "no reply of the server shows any of {array}";
    SWEEP_NO_WAY_OUT: Then
        "no reply of the sweep shows the bait outside and the outside area is unchanged";
    ONLY_MESSAGES: Then "the server wrote nothing but JSON-RPC messages to its stdout";
    FILE_HAS_TEXT: Then "the file {quoted} has text {string}";
    FILE_HAS_BASE64: Then "the file {quoted} has base64 {quoted}";
    FILE_HAS_WINNERS_TEXT: Then "the file {quoted} has the winner's text {string}";
    FILE_HAS_MODE: Then "the file {quoted} has mode {mode}";
    PATH_ABSENT: Then "the path {quoted} does not exist";
    IF_SUCCEEDED_FILE_HAS_TEXT: Then "if the call succeeded, the file {quoted} has text {string}";
    IF_FAILED_PATH_ABSENT: Then "if the call failed, the path {quoted} does not exist";
    DIRECTORY_EXISTS: Then "the directory {quoted} exists";
    ROOT_HOLDS_ONLY: Then "the root holds only {array}";
    AUDIT_ENTRY: Then "the audit log has an entry with {object}";
    OUTSIDE_UNCHANGED: Then "nothing outside the root has changed";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_compiles_to_an_anchored_regex() {
        for form in ALL {
            let re = form.regex().unwrap_or_else(|e| panic!("{e}"));
            assert!(re.as_str().starts_with('^') && re.as_str().ends_with('$'));
        }
    }

    #[test]
    fn a_bad_template_is_an_error_not_a_skip() {
        let unknown = Form {
            name: "BAD",
            keyword: Keyword::Then,
            template: "x {nope}",
        };
        assert!(
            unknown
                .regex()
                .unwrap_err()
                .contains("unknown slot `{nope}`")
        );
        let open = Form {
            name: "BAD",
            keyword: Keyword::Then,
            template: "x {quoted",
        };
        assert!(open.regex().unwrap_err().contains("never closed"));
    }

    #[test]
    fn names_are_unique() {
        for (i, a) in ALL.iter().enumerate() {
            assert!(ALL[i + 1..].iter().all(|b| b.name != a.name), "{}", a.name);
        }
    }

    #[test]
    fn a_sentence_reads_back_the_values_it_was_rendered_from() {
        let args = serde_json::json!({"b": 1, "a": "x"});
        let s = CALL_OR.render(&[Arg::Quoted("t.x"), Arg::Json(&args), Arg::Quoted("t.y")]);
        assert_eq!(
            s,
            r#"the client calls "t.x" with {"a":"x","b":1}, or "t.y" where the server lacks it"#
        );
        assert_eq!(
            CALL_OR.captures(&s).unwrap(),
            ["t.x", r#"{"a":"x","b":1}"#, "t.y"]
        );
    }
}
