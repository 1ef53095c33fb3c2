import { render, screen } from '@testing-library/react';
import { Form, Radio } from 'antd';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './app-providers';
import { createTestQueryClient } from '@/test/render';

describe('form labels', () => {
  it('end with the words, so a question ends with its question mark and not "?:"', () => {
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <Form layout="horizontal">
          <Form.Item label="Is this an advised sale?" name="advised">
            <Radio.Group options={['Yes', 'No']} />
          </Form.Item>
        </Form>
      </AppProviders>,
    );
    expect(screen.getByText('Is this an advised sale?').closest('label')).toHaveClass('ant-form-item-no-colon');
  });
});
