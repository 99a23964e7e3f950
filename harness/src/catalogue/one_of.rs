//! Raw YAML forms that take exactly one of several keys (a step, a fixture, a disk check,
//! `then`): one declaration gives the serde struct, its list of alternative keys and which
//! of them a value gives, so the error's key list cannot fall behind the fields.

use serde::de::{self, Deserialize, Deserializer, Visitor};

/// Whether a raw field was given in the YAML: `Some` for an `Option`, `true` for a key read
/// by `present` (a bare `list_tools:` is `null`, so its field is a `bool`).
pub(crate) trait Given {
    fn given(&self) -> bool;
}

impl<T> Given for Option<T> {
    fn given(&self) -> bool {
        self.is_some()
    }
}

impl Given for bool {
    fn given(&self) -> bool {
        *self
    }
}

/// Declares a raw struct whose first fields, under `alternatives`, are the keys of which
/// exactly one is given, and the rest, under `modifiers`, what they may carry. The struct
/// gets `alternatives()`, each key in order with whether it is given (and, for the tests,
/// `ALTERNATIVES`, the keys alone). A field's name is its YAML key: these structs rename nothing, and the tests check
/// that serde reads the same names.
macro_rules! one_of {
    (
        $(#[$meta:meta])*
        struct $name:ident {
            alternatives { $($(#[$am:meta])* $alt:ident: $at:ty,)* }
            modifiers { $($(#[$mm:meta])* $field:ident: $ft:ty,)* }
        }
    ) => {
        $(#[$meta])*
        struct $name {
            $($(#[$am])* $alt: $at,)*
            $($(#[$mm])* $field: $ft,)*
        }

        impl $name {
            /// The alternative keys, in the order errors name them.
            #[cfg(test)]
            const ALTERNATIVES: &'static [&'static str] = &[$(stringify!($alt)),*];

            /// Each alternative key with whether this value gives it.
            fn alternatives(&self) -> Vec<(&'static str, bool)> {
                use $crate::catalogue::one_of::Given as _;
                vec![$((stringify!($alt), self.$alt.given())),*]
            }
        }
    };
}
pub(crate) use one_of;

/// How many of the alternative keys are given.
pub(crate) fn given_count(alternatives: &[(&str, bool)]) -> usize {
    alternatives.iter().filter(|(_, given)| *given).count()
}

/// The keys, as an error message names them: `` `file`, `dir` ``.
pub(crate) fn keys<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    let names: Vec<String> = names.into_iter().map(|k| format!("`{k}`")).collect();
    names.join(", ")
}

/// The field names serde reads for the struct `T` (its `deserialize_struct` list), in
/// declaration order: the keys as serde spells them, renames included.
pub(crate) fn serde_fields<'de, T: Deserialize<'de>>() -> &'static [&'static str] {
    let mut fields = FieldNames(&[]);
    // The deserializer stops at once with an error once it has the list; the error is
    // expected and carries nothing.
    let _ = T::deserialize(&mut fields);
    fields.0
}

/// A deserializer that answers nothing and only records the fields a struct asks for.
struct FieldNames(&'static [&'static str]);

impl<'de> Deserializer<'de> for &mut FieldNames {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("only a struct's field names are read"))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Self::Error> {
        self.0 = fields;
        Err(de::Error::custom("field names read"))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map enum identifier
        ignored_any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    #[allow(dead_code)]
    struct Renamed {
        a: u8,
        #[serde(rename = "bee")]
        b: u8,
    }

    #[test]
    fn serde_fields_reads_the_names_serde_reads() {
        assert_eq!(serde_fields::<Renamed>(), ["a", "bee"]);
    }
}
