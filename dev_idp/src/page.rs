//! The development sign-in page: a plain HTML form, escaped carefully because it echoes the
//! OAuth parameters back as hidden fields.

use super::users::DevUser;
use domain::FieldError;

pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

/// The sign-in pages' one inline style sheet; the portal's Content-Security-Policy allows it by its hash.
/// The pages' one inline style sheet; the security headers allow it by its hash.
pub const STYLE: &str = "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f3f5f8;color:#1f2937;margin:0}\
main{max-width:420px;margin:8vh auto;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:32px}\
h1{font-size:1.4rem;margin:0 0 4px}p.note{color:#6b7280;font-size:.85rem;margin:0 0 20px}\
label{display:block;font-weight:600;margin:14px 0 6px}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #cbd5e1;border-radius:6px;font-size:1rem}\
button{margin-top:20px;width:100%;padding:11px;background:#0b5cab;color:#fff;border:0;border-radius:6px;font-size:1rem;font-weight:600;cursor:pointer}\
button:focus,input:focus{outline:3px solid #93c5fd}.error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;padding:10px;border-radius:6px;margin-bottom:8px}\
details{margin-top:24px;font-size:.85rem;color:#4b5563}td{padding:2px 8px 2px 0}\
p.field-error{color:#991b1b;margin:6px 0 0;font-size:.9rem}p.switch{margin-top:20px}a{color:#0b5cab}";

/// The hidden inputs that carry the authorization request through a form.
fn hidden_inputs(hidden: &[(String, String)]) -> String {
    hidden
        .iter()
        .map(|(k, v)| {
            format!(
                r#"<input type="hidden" name="{}" value="{}">"#,
                escape(k),
                escape(v)
            )
        })
        .collect()
}

/// `authorize?…` for the same request, with `prompt` when given: the link between the sign-in
/// and sign-up pages.
fn authorize_link(hidden: &[(String, String)], prompt: Option<&str>) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (k, v) in hidden {
        query.append_pair(k, v);
    }
    if let Some(prompt) = prompt {
        query.append_pair("prompt", prompt);
    }
    escape(&format!("authorize?{}", query.finish()))
}

/// The client sign-up page (`prompt=create`): email, password and the password again, with
/// each field's problems beside it.
pub fn sign_up(hidden: &[(String, String)], email: &str, errors: &[FieldError]) -> String {
    let problem = |field: &str| -> (String, String) {
        let messages: Vec<String> = errors
            .iter()
            .filter(|e| e.field == field)
            .map(|e| escape(&e.message))
            .collect();
        if messages.is_empty() {
            (String::new(), String::new())
        } else {
            (
                format!(r#" aria-invalid="true" aria-describedby="{field}-error""#),
                format!(
                    r#"<p class="field-error" id="{field}-error">{}</p>"#,
                    messages.join(". ")
                ),
            )
        }
    };
    let (email_attrs, email_error) = problem("email");
    let (password_attrs, password_error) = problem("password");
    let (confirm_attrs, confirm_error) = problem("confirm");
    let summary = if errors.is_empty() {
        String::new()
    } else {
        r#"<div class="error" role="alert">Please correct the details below.</div>"#.to_owned()
    };
    format!(
        r#"<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Create your account – Client portal (development)</title><style>{STYLE}</style></head><body><main>
<h1>Create your account</h1><p class="note">Development identity provider. It runs only in development mode; production uses the insurer's identity provider.</p>
<p>Use the email address your adviser has for you. Your password needs at least 8 characters, with an upper-case letter, a lower-case letter, a number and a special character.</p>
{summary}<form method="post" action="signup" novalidate>{fields}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" maxlength="100" required value="{email}" autofocus{email_attrs}>{email_error}
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" required{password_attrs}>{password_error}
<label for="confirm">Confirm password</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" required{confirm_attrs}>{confirm_error}
<button type="submit">Create account</button></form>
<p class="switch">Already registered? <a href="{sign_in}">Sign in</a></p>
</main></body></html>"#,
        fields = hidden_inputs(hidden),
        email = escape(email),
        sign_in = authorize_link(hidden, None),
    )
}

/// The sign-in form. `hidden` are the authorization request's parameters, posted back as-is.
pub fn sign_in(
    hidden: &[(String, String)],
    email: &str,
    error: Option<&str>,
    users: &[DevUser],
) -> String {
    let fields = hidden_inputs(hidden);
    let error = error
        .map(|e| format!(r#"<div class="error" role="alert">{}</div>"#, escape(e)))
        .unwrap_or_default();
    let rows: String = users
        .iter()
        .map(|u| {
            let roles = if u.roles.is_empty() {
                "adviser".to_owned()
            } else {
                u.roles.join(", ")
            };
            format!(
                "<tr><td>{}</td><td>{}</td></tr>",
                escape(&u.email),
                escape(&roles)
            )
        })
        .collect();
    format!(
        r#"<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in – Adviser portal (development)</title><style>{STYLE}</style></head><body><main>
<h1>Sign in</h1><p class="note">Development identity provider. It runs only in development mode; production uses the insurer's identity provider.</p>
{error}<form method="post" action="authorize">{fields}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" maxlength="100" required value="{email}" autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" maxlength="100" required>
<button type="submit">Sign in</button></form>
<p class="switch">New client? <a href="{create}">Create an account</a></p>
<details><summary>Development accounts (password Passw0rd!)</summary><table>{rows}</table></details>
</main></body></html>"#,
        email = escape(email),
        create = authorize_link(hidden, Some("create")),
    )
}

/// A page explaining why an authorization request cannot go ahead; never redirects.
pub fn error(message: &str) -> String {
    format!(
        r#"<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Sign-in error</title><style>{STYLE}</style></head>
<body><main><h1>Sign-in error</h1><div class="error" role="alert">{}</div></main></body></html>"#,
        escape(message)
    )
}

/// Shown after sign-out when no return address was given.
pub fn signed_out() -> String {
    format!(
        r#"<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Signed out</title><style>{STYLE}</style></head>
<body><main><h1>You have signed out</h1><p><a href="/v2/">Return to the adviser portal</a></p></main></body></html>"#
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn echoed_parameters_cannot_break_out_of_their_attribute() {
        let page = sign_in(
            &[("state".into(), r#""><script>alert(1)</script>"#.into())],
            "",
            None,
            &[],
        );
        assert!(!page.contains("<script>"));
        assert!(page.contains("&quot;&gt;&lt;script&gt;"));
        let page = sign_up(
            &[("state".into(), r#""><script>alert(1)</script>"#.into())],
            "<b>",
            &[FieldError::new("email", "<i>bad</i>")],
        );
        assert!(!page.contains("<script>") && !page.contains("<b>") && !page.contains("<i>"));
    }

    #[test]
    fn sign_in_and_sign_up_link_to_each_other_with_the_same_request() {
        let hidden = [("state".to_owned(), "a b&c".to_owned())];
        let page = sign_in(&hidden, "", None, &[]);
        assert!(page.contains(r#"href="authorize?state=a+b%26c&amp;prompt=create""#));
        let page = sign_up(&hidden, "", &[]);
        assert!(page.contains(r#"href="authorize?state=a+b%26c""#));
    }
}
