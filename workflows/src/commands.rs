//! How a workflow takes an adviser's command, the one way for both workflows: the command
//! travels with its time ([`Timed`]), its Update answers with the version it saved ([`Saved`]),
//! each command type names the Update that carries it ([`UpdateFor`]), and the validator and
//! handler pairs come from one table per workflow ([`command_updates!`]).

use chrono::{DateTime, Utc};
use domain::{Application, Rejection};
use serde::{Deserialize, Serialize};
use temporalio_common::{HasWorkflowDefinition, UpdateDefinition};

/// An adviser's command with the moment they made it. Update validators cannot read workflow
/// time, and an age or date rule must be judged on the same day by the validator and the
/// handler, so the time travels with the command.
///
/// Who sent it (`by`) travels too, so the history is the case's change timeline (issue 36). The
/// workflow only carries it: no rule reads it. Commands recorded before it was sent have none.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Timed<C> {
    pub requested_at: chrono::DateTime<chrono::Utc>,
    pub body: C,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Sender>,
}

impl<C> Timed<C> {
    pub fn new(requested_at: chrono::DateTime<chrono::Utc>, body: C) -> Self {
        Self {
            requested_at,
            body,
            by: None,
        }
    }

    /// The same command, recorded as sent by `by`.
    pub fn by(self, by: Option<Sender>) -> Self {
        Self { by, ..self }
    }
}

/// Who sent a command, as the case's change timeline shows them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Sender {
    /// The token's subject.
    pub subject: String,
    /// Their name, else their email, else their subject.
    pub name: String,
    pub role: SenderRole,
}

/// In what capacity a command was sent: the endpoint's kind of caller.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum SenderRole {
    /// An adviser, or someone acting for them.
    Adviser,
    Underwriter,
    CustomerCare,
    /// A client in the client portal.
    Client,
    /// A role this build does not know (recorded by a newer one).
    #[serde(other)]
    Other,
}

/// What an Update answers: the version of the application (or enquiry) it saved. The API reads
/// the case itself from the read model, which is saved before the Update answers, so the
/// history does not carry a whole copy of the case for every command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Saved {
    pub version: u64,
}

impl Saved {
    pub fn of(application: &Application) -> Saved {
        Saved {
            version: application.version,
        }
    }
}

/// A command's rule on workflow `W` as it is, judged at the command's time: what an Update's
/// validator runs. The enquiry and Qi workflows' commands share it (the application's run
/// `domain::application::Command`).
pub(crate) trait Checked<W> {
    fn check(&self, on: &W, at: DateTime<Utc>) -> Result<(), Rejection>;
}

/// A command whose rule alone gives `W`'s next record, which the table commits; its check is
/// that rule, its result left unused.
pub(crate) trait Changes<W> {
    type Next;
    fn apply(&self, on: &W, at: DateTime<Utc>) -> Result<Self::Next, Rejection>;
}

impl<W, C: Changes<W>> Checked<W> for C {
    fn check(&self, on: &W, at: DateTime<Utc>) -> Result<(), Rejection> {
        self.apply(on, at).map(|_| ())
    }
}

/// A command workflow `W` takes, and the Update that carries it, so the API sends a command
/// without naming its Update.
pub trait UpdateFor<W: HasWorkflowDefinition>:
    Serialize + Clone + Send + Sync + Sized + 'static
{
    fn update() -> impl UpdateDefinition<Workflow = W::Run, Input = Timed<Self>, Output = Saved>
    + Send
    + Sync
    + 'static;
}

/// Says which of `$workflow`'s Updates carries each command ([`UpdateFor`]).
macro_rules! carried_by {
    ($workflow:ident { $($command:ty => $update:ident;)* }) => {
        $(
            impl $crate::commands::UpdateFor<$workflow> for $command {
                fn update() -> impl temporalio_common::UpdateDefinition<
                    Workflow = <$workflow as temporalio_common::HasWorkflowDefinition>::Run,
                    Input = $crate::commands::Timed<Self>,
                    Output = $crate::commands::Saved,
                > + Send + Sync + 'static {
                    $workflow::$update
                }
            }
        )*
    };
}
pub(crate) use carried_by;

/// Writes a workflow's methods: `Workflow;`, then `{ hand-written methods }`, then one line
/// per command, `update_name, validator_name: Command => how it is committed;`, then, after
/// `@steps`, the commands whose handler does more than commit the rule (`=> step`, an async fn
/// of the context and the command). Every validator is `Workflow::validate` (the command's own
/// rule, judged on the state at the command's time); a committed command's handler takes
/// `Workflow::next` (the same rule's result) to the commit named. Each handler waits its turn
/// ([`crate::one_at_a_time`]), and each command is carried by its Update ([`carried_by!`]).
/// `Workflow::TABLE_UPDATES` names the Updates written, for the replay test.
macro_rules! command_updates {
    (
        $workflow:ident;
        { $($methods:tt)* }
        $($update:ident, $validator:ident: $command:ty => $commit:ident;)*
        @steps
        $($s_update:ident, $s_validator:ident: $s_command:ty => $step:ident;)*
    ) => {
        #[temporalio_macros::workflow_methods]
        impl $workflow {
            $($methods)*

            $(
                #[update_validator($update)]
                fn $validator(
                    &self,
                    _ctx: &temporalio_sdk::WorkflowContextView,
                    command: &$crate::commands::Timed<$command>,
                ) -> Result<(), $crate::refusal::HandlerError> {
                    self.validate(command)
                }

                #[update]
                pub async fn $update(
                    ctx: &mut temporalio_sdk::WorkflowContext<Self>,
                    command: $crate::commands::Timed<$command>,
                ) -> Result<$crate::commands::Saved, $crate::refusal::HandlerError> {
                    $crate::one_at_a_time::one_at_a_time(ctx, async |ctx| {
                        let next = ctx.state(|s| s.next(&command));
                        $commit(ctx, next, &command).await
                    })
                    .await
                }
            )*

            $(
                #[update_validator($s_update)]
                fn $s_validator(
                    &self,
                    _ctx: &temporalio_sdk::WorkflowContextView,
                    command: &$crate::commands::Timed<$s_command>,
                ) -> Result<(), $crate::refusal::HandlerError> {
                    self.validate(command)
                }

                #[update]
                pub async fn $s_update(
                    ctx: &mut temporalio_sdk::WorkflowContext<Self>,
                    command: $crate::commands::Timed<$s_command>,
                ) -> Result<$crate::commands::Saved, $crate::refusal::HandlerError> {
                    $crate::one_at_a_time::one_at_a_time(ctx, async |ctx| $step(ctx, command).await)
                        .await
                }
            )*
        }

        impl $workflow {
            /// The Updates the table writes, by name: the replay test checks that recorded
            /// histories exercise each.
            pub const TABLE_UPDATES: &[&str] = &[$(stringify!($update),)* $(stringify!($s_update)),*];
        }

        $crate::commands::carried_by!($workflow {
            $($command => $update;)*
            $($s_command => $s_update;)*
        });
    };
}
pub(crate) use command_updates;
