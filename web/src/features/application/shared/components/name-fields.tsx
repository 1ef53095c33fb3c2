import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { FormSelect } from '@/components/form-select';

interface NameField {
  /** The form field's name (`firstName`, `surname`, …). */
  name: string;
  label: string;
  rules: Rule[];
  autoFocus?: boolean;
}

interface NameFieldsProps {
  gutter: number;
  title: { label: string; placeholder: string; titles: readonly string[]; autoFocus?: boolean };
  first: NameField;
  last: NameField;
}

/** A person's title, first name and last name on one row: a client, a child, a beneficiary. */
export function NameFields({ gutter, title, first, last }: NameFieldsProps) {
  return (
    <Row gutter={gutter}>
      <Col xs={24} sm={6}>
        <Form.Item name="title" label={title.label}>
          <FormSelect options={title.titles.map((value) => ({ value, label: value }))} allowClear placeholder={title.placeholder} autoFocus={title.autoFocus} />
        </Form.Item>
      </Col>
      {[first, last].map((field) => (
        <Col key={field.name} xs={24} sm={9}>
          <Form.Item name={field.name} label={field.label} rules={field.rules}>
            <Input autoComplete="off" autoFocus={field.autoFocus} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}
