import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm } from 'antd';

interface EditRemoveActionsProps {
  /** The buttons' words, and their names for a screen reader (which say what they act on). */
  edit: { text: string; label: string };
  remove: { text: string; label: string };
  /** What Remove asks before it removes. */
  confirm: { title: string; description: string; ok: string; cancel: string };
  removing: boolean;
  disabled?: boolean;
  className?: string;
  onEdit: () => void;
  onRemove: () => void;
}

/** Edit and Remove for an item in a list (a child, a cover); Remove asks first. */
export function EditRemoveActions({ edit, remove, confirm, removing, disabled, className, onEdit, onRemove }: EditRemoveActionsProps) {
  return (
    <Flex gap="small" className={className}>
      <Button size="small" icon={<EditOutlined aria-hidden="true" />} aria-label={edit.label} disabled={disabled} onClick={onEdit}>
        {edit.text}
      </Button>
      <Popconfirm
        title={confirm.title}
        description={confirm.description}
        okText={confirm.ok}
        cancelText={confirm.cancel}
        okButtonProps={{ danger: true, loading: removing }}
        onConfirm={onRemove}
      >
        <Button size="small" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={remove.label} disabled={disabled}>
          {remove.text}
        </Button>
      </Popconfirm>
    </Flex>
  );
}
