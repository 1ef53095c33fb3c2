import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Form, Input, Row, Space, Tag, Typography } from 'antd';
import { FormSelect } from '@/components/form-select';
import type { Rule } from 'antd/es/form';
import { useId, useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { addressErrors, type AddressLookupResult } from '@/lib/rules/address';
import { parsePostcode, POSTCODE_MESSAGES } from '@/lib/rules/postcode';
import { given } from '@/lib/rules/text';
import { useLookupAddresses } from '../api/lookup-addresses';
import { addressFields, addressFromLookup, addressLabel, type AddressField, type ContactFormValues } from '../contact-form-model';
import { checked } from '../../shared/form-errors';
import { contactDetailsStrings } from '../strings';

const t = contactDetailsStrings.form;

/** A result's key in the list: its id, or its place when the provider gave none. */
function keyOf(address: AddressLookupResult, index: number): string {
  return address.id ?? `#${String(index)}`;
}

interface PostcodeInputProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  finding: boolean;
  onFind: () => void;
  'aria-required'?: boolean | 'true' | 'false';
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}

/** The postcode box with its "Find address" button; Form.Item passes id, value, onChange and the field's state. */
function PostcodeInput({ id, value, onChange, onBlur, disabled, finding, onFind, ...state }: PostcodeInputProps) {
  return (
    <Space.Compact style={{ width: '100%', maxWidth: 360 }}>
      <Input
        id={id}
        // Form.Item's aria-required, aria-invalid and aria-describedby (the field's error) go on the input.
        {...state}
        value={value ?? ''}
        disabled={disabled}
        autoComplete="off"
        onChange={(event) => onChange?.(event.target.value)}
        onBlur={onBlur}
        onKeyDown={(event) => {
          // Enter looks the postcode up; it does not save the form.
          if (event.key === 'Enter') {
            event.preventDefault();
            onFind();
          }
        }}
      />
      {!disabled && (
        <Button icon={<SearchOutlined aria-hidden="true" />} loading={finding} onClick={onFind}>
          {t.findAddress}
        </Button>
      )}
    </Space.Compact>
  );
}

interface AddressFieldsProps {
  /** Whether the address lines are shown (saved, chosen, or opened by the adviser). */
  open: boolean;
  onOpen: () => void;
  disabled: boolean;
}

/**
 * A client's address: a postcode with "Find address", the addresses found to choose from (a
 * chosen one fills the lines, its town becoming the City), or the lines typed by hand. While the
 * lines are shown the §5 rules apply (first line, City and postcode required, 40 characters).
 */
export function AddressFields({ open, onOpen, disabled }: AddressFieldsProps) {
  const form = Form.useFormInstance<ContactFormValues>();
  const lookup = useLookupAddresses();
  const [chosen, setChosen] = useState<string | null>(null);
  const chooseId = useId();

  /** Clears the errors of these fields (only those that have one: rc-field-form warns otherwise). */
  const clearErrors = (names: readonly AddressField[]) => {
    form.setFields(names.filter((name) => form.getFieldError(name).length > 0).map((name) => ({ name, errors: [] })));
  };

  const find = async () => {
    const postcode = given(form.getFieldValue('postcode') as string | null | undefined);
    if (postcode === null) {
      form.setFields([{ name: 'postcode', errors: [POSTCODE_MESSAGES.empty] }]);
      return;
    }
    setChosen(null);
    try {
      const found = await lookup.mutateAsync(postcode);
      clearErrors(['postcode']);
      if (found.addresses.length === 0) onOpen();
    } catch (error) {
      if (isApiError(error) && error.status === 400) {
        const messages = error.fieldErrors.filter((e) => e.field === 'postcode').map((e) => e.message);
        form.setFields([{ name: 'postcode', errors: messages.length > 0 ? messages : [error.message] }]);
      } else {
        // The address service could not answer: the adviser types the address instead.
        onOpen();
      }
    }
  };

  const choose = (key: string) => {
    const found = lookup.data?.addresses.find((address, index) => keyOf(address, index) === key);
    if (!found) return;
    setChosen(key);
    form.setFieldsValue(addressFromLookup(found));
    clearErrors(addressFields);
    onOpen();
  };

  /** The §5 rule for one field, judged on the whole address while its lines are shown. */
  const rule = (field: AddressField): Rule => ({
    validator: () => {
      const values = form.getFieldsValue([...addressFields]) as ContactFormValues;
      if (!open) {
        // Only a postcode typed to look up is in the form; it must still be a postcode.
        const postcode = given(values.postcode);
        if (field !== 'postcode' || postcode === null) return Promise.resolve();
        const parsed = parsePostcode(postcode);
        return checked(parsed.ok ? null : parsed.message);
      }
      return checked(addressErrors(values).find((error) => error.field === field)?.message);
    },
  });

  const lookupFailed = lookup.isError && !(isApiError(lookup.error) && lookup.error.status === 400);
  const found = lookup.data;

  return (
    <>
      <Form.Item name="postcode" label={t.postcode} required={open && !disabled} validateTrigger="onBlur" rules={[rule('postcode')]}>
        <PostcodeInput disabled={disabled} finding={lookup.isPending} onFind={() => void find()} />
      </Form.Item>
      <div role="status" aria-live="polite">
        {lookup.isPending && <Typography.Text type="secondary">{t.findingAddress}</Typography.Text>}
        {found && (
          <div className="address-results">
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              {found.addresses.length === 0 ? t.noAddressesFound(found.postcode) : t.addressesFound(found.addresses.length)}
            </Typography.Paragraph>
            {found.isSample && (
              <Tag color="gold" bordered={false} className="address-results__sample">
                {t.sampleAddresses}
              </Tag>
            )}
          </div>
        )}
        {lookupFailed && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={isApiError(lookup.error) ? lookup.error.message : t.lookupFailed}
          />
        )}
      </div>
      {found && found.addresses.length > 0 && (
        <Form.Item label={t.chooseAddress} htmlFor={chooseId}>
          <FormSelect<string>
            id={chooseId}
            showSearch
            optionFilterProp="label"
            placeholder={t.chooseAddressPlaceholder}
            value={chosen}
            onChange={choose}
            options={found.addresses.map((address, index) => ({
              value: keyOf(address, index),
              label: addressLabel(address),
            }))}
          />
        </Form.Item>
      )}
      {!open && !disabled && (
        <Button type="link" className="address-manual-link" onClick={onOpen}>
          {t.enterManually}
        </Button>
      )}
      {open && (
        <>
          <Form.Item name="address1" label={t.address1} required={!disabled} rules={[rule('address1')]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="address2" label={t.address2} rules={[rule('address2')]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="address3" label={t.address3} rules={[rule('address3')]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <Form.Item name="cityName" label={t.cityName} required={!disabled} rules={[rule('cityName')]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item name="county" label={t.county} rules={[rule('county')]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </>
  );
}
