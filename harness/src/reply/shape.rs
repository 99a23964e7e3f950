//! The clarified shapes of a result, checked by the cases that cover them: CLR-023 (the
//! structuredContent object and the same JSON as a text block) and CLR-037 (text.read's
//! text block: the other fields as one JSON line, then the text).

use serde_json::{Map, Value};

use super::describe_value;
use super::result::text_blocks;

/// The fields a text block carries: its JSON object, or (CLR-037, text.read) a JSON object
/// on its first line with the rest of the block as `content`.
fn text_block_fields(text: &str) -> Option<Map<String, Value>> {
    if let Some((head, rest)) = text.split_once('\n')
        && let Ok(Value::Object(mut fields)) = serde_json::from_str::<Value>(head)
        && !fields.contains_key("content")
    {
        fields.insert("content".into(), Value::String(rest.to_owned()));
        return Some(fields);
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(fields)) => Some(fields),
        _ => None,
    }
}

/// CLR-023: structuredContent holds the result and one text block holds the same JSON (or,
/// for text.read, the form of CLR-037).
pub fn check_result_shape(v: &Value, obj: &Map<String, Value>) -> Result<(), String> {
    if !matches!(v.get("structuredContent"), Some(Value::Object(_))) {
        return Err(format!(
            "the result has no structuredContent object (CLR-023 asks for it beside the text \
             block): {}",
            describe_value(v)
        ));
    }
    let same = text_blocks(v)
        .iter()
        .any(|t| text_block_fields(t).as_ref() == Some(obj));
    if same {
        Ok(())
    } else {
        Err(format!(
            "no text block holds the same JSON as structuredContent (CLR-023): {}",
            describe_value(v)
        ))
    }
}

/// CLR-037: text.read's text block is the result's other fields as one JSON line, a line
/// feed, then exactly the text.
pub fn check_read_shape(v: &Value, obj: &Map<String, Value>) -> Result<(), String> {
    let content = obj
        .get("content")
        .and_then(Value::as_str)
        .ok_or("the result has no string `content` (CLR-037)")?;
    let mut head = obj.clone();
    head.remove("content");
    let head = Value::Object(head);
    let found = text_blocks(v).iter().any(|t| {
        t.split_once('\n').is_some_and(|(h, rest)| {
            rest == content && serde_json::from_str::<Value>(h).ok().as_ref() == Some(&head)
        })
    });
    if found {
        Ok(())
    } else {
        Err(format!(
            "no text block is the result's other fields as one JSON line followed by the text \
             itself (CLR-037): {}",
            describe_value(v)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// CLR-023's text block: the same JSON, or for text.read (CLR-037) the other fields
    /// on the first line and the text after it; anything else fails.
    #[test]
    fn the_text_block_holds_the_result() {
        let obj = json!({"content": "a\n{\"x\"}\n", "hash": "ab", "total_lines": 2});
        let Value::Object(obj) = obj else { panic!() };
        let with = |text: &str| json!({"structuredContent": obj, "content": [{"type": "text", "text": text}]});
        let json_text = serde_json::to_string(&obj).unwrap();
        assert!(check_result_shape(&with(&json_text), &obj).is_ok());
        let headed = "{\"hash\":\"ab\",\"total_lines\":2}\na\n{\"x\"}\n";
        assert!(check_result_shape(&with(headed), &obj).is_ok());
        let wrong = "{\"hash\":\"ab\",\"total_lines\":2}\na\n";
        assert!(check_result_shape(&with(wrong), &obj).is_err());
        assert!(check_result_shape(&with("a\n{\"x\"}\n"), &obj).is_err());
    }
}
