import { PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Typography } from 'antd';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { formatAge, formatDate } from '@/lib/format';
import { UNBORN_CHILD_COVER_MONTHS_BEFORE_BIRTH } from '@/lib/rules/constants';
import { ukToday } from '@/lib/rules/dates';
import { useAddChild } from '../api/add-child';
import { useEditChild } from '../api/edit-child';
import { useRemoveChild } from '../api/remove-child';
import { useSetUnbornChildren } from '../api/set-unborn-children';
import { childAge, childName, toChildDetails, toChildFormValues, type Child, type ChildFormValues } from '../../shared/children-model';
import type { Application } from '../../shared/application-model';
import { EditRemoveActions } from '../../shared/components/edit-remove-actions';
import { clientDetailsStrings } from '../strings';
import { ChildForm } from './child-form';
import { useMessage } from '@/components/feedback';
import { SectionCard } from '@/components/section-card';

const t = clientDetailsStrings.children;
const headingId = 'children-heading';

interface ChildrenCardProps {
  application: Application;
  /** Read-only: the quote can no longer be changed. */
  locked: boolean;
}

/** "Children": the children on the application (for children's critical illness cover), and whether a baby is on the way. */
export function ChildrenCard({ application, locked }: ChildrenCardProps) {
  const add = useAddChild(application.id);
  const unborn = useSetUnbornChildren(application.id);
  const message = useMessage();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const unbornHelpId = useId();
  const today = ukToday();

  const submitNew = async (values: ChildFormValues) => {
    await add.mutateAsync(toChildDetails(values));
    void message.success(t.added);
    setAdding(false);
  };

  const setUnborn = async (value: boolean) => {
    try {
      await unborn.mutateAsync(value);
      void message.success(t.unbornSaved(value));
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t.genericError);
    }
  };

  const hasUnbornChildren = unborn.isPending ? unborn.variables : application.hasUnbornChildren;

  return (
    <SectionCard
      heading={t.heading}
      headingId={headingId}
      className="applicant-card"
    >
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      {application.children.length === 0 ? (
        <Typography.Paragraph>{t.none}</Typography.Paragraph>
      ) : (
        <ul className="child-list" aria-label={t.listLabel}>
          {application.children.map((child, index) =>
            editingId === child.id ? (
              <li key={child.id} className="child-item" aria-label={t.editTitle(childName(child, index))}>
                <EditChild applicationId={application.id} child={child} index={index} onDone={() => setEditingId(null)} />
              </li>
            ) : (
              <ChildItem
                key={child.id}
                applicationId={application.id}
                child={child}
                index={index}
                age={childAge(child, today)}
                locked={locked}
                onEdit={() => {
                  setAdding(false);
                  setEditingId(child.id);
                }}
              />
            ),
          )}
        </ul>
      )}
      {!locked &&
        (adding ? (
          <section aria-label={t.addTitle} className="child-item">
            <ChildForm formName="new-child" submitLabel={t.add} submitting={add.isPending} onSubmit={submitNew} onCancel={() => setAdding(false)} />
          </section>
        ) : (
          <Button
            type="dashed"
            block
            icon={<PlusOutlined aria-hidden="true" />}
            onClick={() => {
              setEditingId(null);
              setAdding(true);
            }}
          >
            {t.addChild}
          </Button>
        ))}
      <div className="children-unborn">
        <Checkbox
          checked={hasUnbornChildren}
          disabled={locked || unborn.isPending}
          aria-describedby={unbornHelpId}
          onChange={(event) => void setUnborn(event.target.checked)}
        >
          {t.unborn}
        </Checkbox>
        <Typography.Text type="secondary" id={unbornHelpId} className="children-unborn__help">
          {t.unbornHelp}
          {hasUnbornChildren && ` ${t.unbornCover(UNBORN_CHILD_COVER_MONTHS_BEFORE_BIRTH)}`}
        </Typography.Text>
      </div>
    </SectionCard>
  );
}

interface ChildItemProps {
  applicationId: number;
  child: Child;
  index: number;
  age: number | null;
  locked: boolean;
  onEdit: () => void;
}

function ChildItem({ applicationId, child, index, age, locked, onEdit }: ChildItemProps) {
  const remove = useRemoveChild(applicationId);
  const message = useMessage();
  const nameId = useId();
  const name = childName(child, index);
  const details = [child.dateOfBirth ? t.born(formatDate(child.dateOfBirth)) : null, age === null ? null : formatAge(age)].filter(Boolean).join(' · ');

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync(child.id);
      void message.success(t.removed);
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t.genericError);
    }
  };

  return (
    <li className="child-item" aria-labelledby={nameId}>
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <div>
          <Typography.Text strong id={nameId} className="child-item__name">
            {[child.title, name].filter(Boolean).join(' ')}
          </Typography.Text>
          {details && (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {details}
            </Typography.Text>
          )}
        </div>
        {!locked && (
          <EditRemoveActions
            edit={{ text: t.edit, label: t.editChild(name) }}
            remove={{ text: t.remove, label: t.removeChild(name) }}
            confirm={{ title: t.removeConfirmTitle(name), description: t.removeConfirmDescription, ok: t.removeConfirm, cancel: t.keep }}
            removing={remove.isPending}
            onEdit={onEdit}
            onRemove={() => void confirmRemove()}
          />
        )}
      </Flex>
    </li>
  );
}

interface EditChildProps {
  applicationId: number;
  child: Child;
  index: number;
  onDone: () => void;
}

function EditChild({ applicationId, child, index, onDone }: EditChildProps) {
  const edit = useEditChild(applicationId);
  const message = useMessage();

  const save = async (values: ChildFormValues) => {
    await edit.mutateAsync({ childId: child.id, child: toChildDetails(values) });
    void message.success(t.saved);
    onDone();
  };

  return (
    <ChildForm
      formName={`child-${String(index + 1)}`}
      initialValues={toChildFormValues(child)}
      submitLabel={t.save}
      submitting={edit.isPending}
      onSubmit={save}
      onCancel={onDone}
    />
  );
}
