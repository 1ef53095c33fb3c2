-- Marketing updates (issue 34): which notice each adviser has dismissed, so it stays dismissed
-- on every device they sign in on. The notices themselves are product/marketing-updates.json.
CREATE TABLE marketing_alert_dismissals (
    adviser_id TEXT NOT NULL,
    alert_id TEXT NOT NULL,
    dismissed_at TEXT NOT NULL,
    PRIMARY KEY (adviser_id, alert_id)
);
