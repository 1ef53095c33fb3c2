import { Button, Flex, Form, Input } from 'antd';
import { isApiError } from '@/lib/api-error';
import { charCount, given } from '@/lib/rules/text';
import { useSetThirdPartyRef } from '../api/set-third-party-ref';
import type { Application } from '../../shared/application-model';
import { splitFormErrors } from '../../shared/form-errors';
import { contactDetailsStrings } from '../strings';
import { useMessage } from '@/components/feedback';

const t = contactDetailsStrings.application;

/** The longest own reference the server keeps (domain YOUR_REF_MAX_CHARS). */
export const YOUR_REF_MAX_CHARS = 50;

interface YourReferenceFormValues {
  thirdPartyRef?: string | null;
}

interface YourReferenceFormProps {
  application: Application;
  /** §6 isYourRefReadOnly: shown, but the firm sets it. */
  readOnly: boolean;
  locked: boolean;
}

/** The adviser's own case reference (§7 thirdPartyRef), up to 50 characters; blank clears it. */
export function YourReferenceForm({ application, readOnly, locked }: YourReferenceFormProps) {
  const [form] = Form.useForm<YourReferenceFormValues>();
  const save = useSetThirdPartyRef(application.id);
  const message = useMessage();
  const disabled = readOnly || locked;

  const submit = async ({ thirdPartyRef }: YourReferenceFormValues) => {
    const value = given(thirdPartyRef);
    if (value === (application.thirdPartyRef ?? null)) {
      void message.info(contactDetailsStrings.form.noChanges);
      return;
    }
    try {
      await save.mutateAsync(value);
      void message.success(t.yourRefSaved);
    } catch (error) {
      if (!isApiError(error)) {
        void message.error(t.genericError);
        return;
      }
      const { byField, other } = splitFormErrors(error.fieldErrors, ['thirdPartyRef'] as const);
      form.setFields(byField);
      if (byField.length === 0) void message.error(other[0] ?? error.message);
    }
  };

  return (
    <Form<YourReferenceFormValues>
      form={form}
      name="your-reference"
      layout="vertical"
      initialValues={{ thirdPartyRef: application.thirdPartyRef ?? null }}
      disabled={disabled}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="thirdPartyRef"
        label={t.yourRef}
        extra={readOnly ? t.yourRefReadOnly : t.yourRefHelp}
        rules={[
          {
            // Counted as the server counts: characters, after trimming.
            validator: (_rule, value: string | null | undefined) =>
              charCount(given(value) ?? '') > YOUR_REF_MAX_CHARS ? Promise.reject(new Error(t.yourRefTooLong)) : Promise.resolve(),
          },
        ]}
      >
        <Input autoComplete="off" readOnly={readOnly} />
      </Form.Item>
      {!disabled && (
        <Flex justify="flex-end">
          <Button htmlType="submit" loading={save.isPending}>
            {t.yourRefSave}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
