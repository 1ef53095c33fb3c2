//! `--repeat N`: the same measurement N times in one run, and each ratio's median and range.
//! On a shared two-core machine one run's ratio moves by a fifth with the machine's load, so a
//! verdict against a goal rests on the median of several, each against its own bare Update.

/// The ratios one run of a scenario measured, by name.
pub type Ratios = Vec<(String, f64)>;

/// Runs `once` `times` times, saying which run starts when there are several, then prints
/// each ratio's median and range.
pub async fn repeated<Fut>(times: u32, mut once: impl FnMut() -> Fut) -> anyhow::Result<()>
where
    Fut: std::future::Future<Output = anyhow::Result<Ratios>>,
{
    let mut repeats = Repeats::default();
    for time in 1..=times {
        if times > 1 {
            println!("Run {time} of {times}:");
        }
        for (name, value) in once().await? {
            repeats.add(&name, value);
        }
    }
    for line in repeats.summary() {
        println!("{line}");
    }
    Ok(())
}

/// The ratios each repeat adds, by name, in the order first added.
#[derive(Debug, Default)]
struct Repeats {
    rows: Vec<(String, Vec<f64>)>,
}

impl Repeats {
    fn add(&mut self, name: &str, value: f64) {
        match self.rows.iter_mut().find(|(n, _)| n == name) {
            Some((_, values)) => values.push(value),
            None => self.rows.push((name.to_owned(), vec![value])),
        }
    }

    /// Each ratio's median, lowest and highest; nothing after a single run.
    fn summary(&self) -> Vec<String> {
        let runs = self.rows.first().map_or(0, |(_, values)| values.len());
        if runs < 2 {
            return Vec::new();
        }
        let mut lines = vec![format!("Over {runs} repeats (median, lowest–highest):")];
        for (name, values) in &self.rows {
            let mut sorted = values.clone();
            sorted.sort_by(f64::total_cmp);
            lines.push(format!(
                "  {name:<58} {:.2} ({:.2}–{:.2})",
                median(&sorted),
                sorted[0],
                sorted[sorted.len() - 1]
            ));
        }
        lines
    }
}

/// The middle value of sorted values (the mean of the middle two for an even count).
fn median(sorted: &[f64]) -> f64 {
    let mid = sorted.len() / 2;
    if sorted.len().is_multiple_of(2) {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    } else {
        sorted[mid]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_ratio_gets_its_median_and_range() {
        let mut repeats = Repeats::default();
        for (a, b) in [(1.8, 0.5), (1.4, 0.7), (1.6, 0.6), (2.0, 0.4)] {
            repeats.add("p95 ÷ bare", a);
            repeats.add("rate ÷ bare", b);
        }
        let lines = repeats.summary();
        assert_eq!(lines[0], "Over 4 repeats (median, lowest–highest):");
        assert!(lines[1].starts_with("  p95 ÷ bare") && lines[1].ends_with("1.70 (1.40–2.00)"));
        assert!(lines[2].ends_with("0.55 (0.40–0.70)"));
    }

    #[test]
    fn one_run_has_no_summary() {
        let mut repeats = Repeats::default();
        repeats.add("p95 ÷ bare", 1.5);
        assert!(repeats.summary().is_empty());
    }

    #[test]
    fn an_odd_count_takes_the_middle_value() {
        assert_eq!(median(&[1.0, 2.0, 9.0]), 2.0);
    }
}
