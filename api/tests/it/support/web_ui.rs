//! The Temporal Web UI in Debian's Chromium (`web/e2e/web-ui-page.mjs`, with playwright-core),
//! for the tests that check what a case handler sees there.

use super::workspace;

/// Opens `url`, waits until `text` shows, keeps the screenshot as
/// `web/test-results/screenshots/{name}.png` and returns the page's visible text. `env` sets the
/// script's options (`CODEC_ENDPOINT`, `CODEC_TOKEN`, `CLICK`: see the script).
pub fn web_ui_page(url: &str, name: &str, text: &str, env: &[(&str, &str)]) -> String {
    let folder = workspace().join("web/test-results/screenshots");
    std::fs::create_dir_all(&folder).unwrap();
    let shot = folder.join(format!("{name}.png"));
    let output = std::process::Command::new("node")
        .arg(workspace().join("web/e2e/web-ui-page.mjs"))
        .args([url, &shot.display().to_string(), text])
        .envs(env.iter().copied())
        .output()
        .expect("node runs (`make deps` installs it and playwright-core)");
    assert!(
        output.status.success(),
        "the Web UI did not show \"{text}\" at {url}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}
