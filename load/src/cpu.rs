//! CPU time spent by named processes during a measured phase (`--cpu-of temporal=PID`), read
//! from `/proc/PID/stat` before and after: on a saturated two-core machine a call's latency is
//! mostly its CPU cost queued behind everyone else's, so the CPU per call says where the time
//! goes. The load driver's own process (and the baseline worker inside it) is always included.

use anyhow::{Context, bail};

/// The processes to watch, by name.
#[derive(Debug, Clone, Default)]
pub struct CpuMeter {
    processes: Vec<(String, String)>,
}

/// CPU seconds used so far by each watched process, in the meter's order.
#[derive(Debug, Clone)]
pub struct CpuReading(Vec<Option<f64>>);

impl CpuMeter {
    /// From `name=pid` pairs; this process is added as `portal-load`.
    pub fn parse(pairs: &[String]) -> anyhow::Result<CpuMeter> {
        let mut processes = Vec::new();
        for pair in pairs {
            let Some((name, pid)) = pair.split_once('=') else {
                bail!("--cpu-of takes name=pid, not {pair:?}");
            };
            pid.parse::<u32>()
                .with_context(|| format!("--cpu-of {pair:?}: {pid:?} is not a process id"))?;
            processes.push((name.to_owned(), pid.to_owned()));
        }
        processes.push(("portal-load".to_owned(), "self".to_owned()));
        Ok(CpuMeter { processes })
    }

    pub fn read(&self) -> CpuReading {
        CpuReading(
            self.processes
                .iter()
                .map(|(_, pid)| cpu_seconds(pid))
                .collect(),
        )
    }

    /// The CPU used from `before` until now, to report later.
    pub fn used_since(&self, before: CpuReading) -> CpuUse {
        CpuUse {
            meter: self.clone(),
            before,
            after: self.read(),
        }
    }

    /// Prints each process's CPU since `before`, in all and per call of `calls`.
    pub fn report(&self, before: &CpuReading, calls: usize, per: &str) {
        self.report_between(before, &self.read(), calls, per);
    }

    /// Prints each process's CPU between two readings, in all and per call of `calls`.
    pub fn report_between(&self, before: &CpuReading, now: &CpuReading, calls: usize, per: &str) {
        let mut parts = Vec::new();
        let mut total = 0.0;
        for (((name, _), then), now) in self.processes.iter().zip(&before.0).zip(&now.0) {
            if let (Some(then), Some(now)) = (then, now) {
                let used = now - then;
                total += used;
                parts.push(format!(
                    "{name} {used:.2} s ({:.2} ms)",
                    per_call(used, calls)
                ));
            }
        }
        println!(
            "    CPU: {} · all {total:.2} s ({:.2} ms) per {per}",
            parts.join(" · "),
            per_call(total, calls)
        );
    }
}

/// The CPU a measured phase used, read when it ended.
#[derive(Debug, Clone)]
pub struct CpuUse {
    meter: CpuMeter,
    before: CpuReading,
    after: CpuReading,
}

impl CpuUse {
    /// Prints each process's CPU in the phase, in all and per call of `calls`.
    pub fn report(&self, calls: usize, per: &str) {
        self.meter
            .report_between(&self.before, &self.after, calls, per);
    }
}

fn per_call(seconds: f64, calls: usize) -> f64 {
    seconds * 1000.0 / calls.max(1) as f64
}

/// User and system time of a process in seconds, or `None` if it cannot be read.
fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may hold spaces: the fields after its closing bracket are
    // state (3), …, utime (14), stime (15).
    let after_name = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / clock_ticks_per_second())
}

/// Linux reports CPU time in clock ticks, 100 a second on every architecture it runs on here.
fn clock_ticks_per_second() -> f64 {
    100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_driver_reads_its_own_cpu_time() {
        let meter = CpuMeter::parse(&[]).unwrap();
        let before = meter.read().0[0].unwrap();
        // Burn CPU until the reading moves (a tick is 10 ms of CPU; on a busy machine that takes
        // longer than 10 ms of wall time), or fail after a deadline.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        let mut x = 0u64;
        loop {
            for _ in 0..100_000 {
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
            }
            if meter.read().0[0].unwrap() > before {
                break;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no CPU time counted in 10 s"
            );
        }
        assert!(x != 1);
    }

    #[test]
    fn a_pair_without_a_pid_is_refused() {
        assert!(CpuMeter::parse(&["temporal".into()]).is_err());
        assert!(CpuMeter::parse(&["temporal=abc".into()]).is_err());
    }
}
