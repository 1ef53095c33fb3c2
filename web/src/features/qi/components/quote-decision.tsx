import { Alert, Button, Col, Form, InputNumber, Row, Table, Typography } from 'antd';
import { FormSelect } from '@/components/form-select';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { coverDetailsText, productLabels } from '@/lib/cover-text';
import { formatCoverType, formatMoneyWithPence, formatPaymentPeriod, formatWeeks } from '@/lib/format';
import { policyFee } from '@/lib/policy-fee';
import { useProducts } from '@/lib/products';
import { useQiQuote, type QiView } from '../api/qi';
import { paysMonthlyBenefit, pricedCovers, qiProducts, toCoverInput, type CoverFormValues } from '../qi-model';
import { qiStrings } from '../strings';
import { TableScroll } from '@/components/table-scroll';

const t = qiStrings.quote;

/** The quote decision: one cover chosen as in the quote builder, priced on the indicated terms. */
export function QuoteDecision({ view, locked }: { view: QiView; locked: boolean }) {
  const [form] = Form.useForm<CoverFormValues>();
  const products = useProducts();
  const quote = useQiQuote(view.id);
  const productType = Form.useWatch('productType', form) ?? 'life';
  const offered = (products.data?.products ?? []).filter((p) => qiProducts.some((q) => q === p.productType));
  const product = offered.find((p) => p.productType === productType);
  const monthly = paysMonthlyBenefit(productType);
  const amountLabel = monthly ? t.monthlyBenefit : t.coverAmount;

  return (
    <section aria-labelledby="qi-quote-heading" style={{ marginTop: 24 }}>
      <Typography.Title level={2} id="qi-quote-heading" style={{ fontSize: 20 }}>
        {t.heading}
      </Typography.Title>
      <Typography.Paragraph>{t.help}</Typography.Paragraph>
      <Form<CoverFormValues>
        form={form}
        name="qi-quote"
        layout="vertical"
        disabled={locked}
        initialValues={{ productType: 'life', coverType: 'level' }}
        onFinish={(values) => quote.mutate([toCoverInput(values, product)])}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="productType" label={t.product} rules={[{ required: true, message: t.choose(t.product) }]}>
              <FormSelect
                options={(offered.length > 0 ? offered.map((p) => p.productType) : qiProducts).map((value) => ({ value, label: productLabels[value] }))}
                onChange={() => form.setFieldsValue({ coverType: null, deferredPeriod: null, paymentPeriod: null })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="amount" label={amountLabel} rules={[{ required: true, message: t.required(amountLabel) }]}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8}>
            <Form.Item name="term" label={t.term} rules={[{ required: true, message: t.required(t.term) }]}>
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {product && product.structures.length > 0 && (
            <Col xs={24} sm={12} md={8}>
              <Form.Item name="coverType" label={t.coverType} rules={[{ required: true, message: t.choose(t.coverType) }]}>
                <FormSelect options={product.structures.map((value) => ({ value, label: formatCoverType(value) }))} />
              </Form.Item>
            </Col>
          )}
          {product && product.deferredPeriods.length > 0 && (
            <Col xs={24} sm={12} md={8}>
              <Form.Item name="deferredPeriod" label={t.deferredPeriod} rules={[{ required: true, message: t.choose(t.deferredPeriod) }]}>
                <FormSelect options={product.deferredPeriods.map((value) => ({ value, label: formatWeeks(value) }))} />
              </Form.Item>
            </Col>
          )}
          {product && product.paymentPeriods.length > 0 && (
            <Col xs={24} sm={12} md={8}>
              <Form.Item name="paymentPeriod" label={t.paymentPeriod} rules={[{ required: true, message: t.choose(t.paymentPeriod) }]}>
                <FormSelect options={product.paymentPeriods.map((value) => ({ value, label: formatPaymentPeriod(value) }))} />
              </Form.Item>
            </Col>
          )}
        </Row>
        {quote.isError && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            message={t.failed}
            description={isApiError(quote.error) && quote.error.fieldErrors.length > 0 ? quote.error.fieldErrors.map((e) => e.message).join(' ') : undefined}
          />
        )}
        {!locked && (
          <Button type="primary" htmlType="submit" loading={quote.isPending}>
            {t.price}
          </Button>
        )}
      </Form>
      {view.quote && <IndicativePrice quote={view.quote} />}
    </section>
  );
}

/** The priced cover(s), each a month, and their total: clearly an indication. */
function IndicativePrice({ quote }: { quote: NonNullable<QiView['quote']> }) {
  const rows = pricedCovers(quote);
  const client = quote.quote.quoteApplicants[0];
  // The fee is charged once for the policy, so the lines shown add up to the total.
  const fee = client ? policyFee(client) : 0;
  return (
    <section aria-labelledby="qi-price-heading" style={{ marginTop: 24 }}>
      <Typography.Title level={3} id="qi-price-heading" style={{ fontSize: 18 }}>
        {t.priceHeading}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t.priceHelp}</Typography.Paragraph>
      <TableScroll labelledBy="qi-price-heading">
        <Table<{ cover: Schemas['Cover']; premium: number | null }>
          size="small"
          pagination={false}
          rowKey={(row) => row.cover.id}
          dataSource={rows}
          columns={[
            {
              title: t.product,
              key: 'cover',
              render: (_, { cover }) => (
                <>
                  <Typography.Text strong>{productLabels[cover.productType]}</Typography.Text> · {coverDetailsText(cover)}
                </>
              ),
            },
            { title: t.premium, key: 'premium', align: 'right', render: (_, { premium }) => t.perMonth(formatMoneyWithPence(premium)) },
          ]}
          summary={() => (
            <>
              {fee > 0 && (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    {t.policyFee} <Typography.Text type="secondary">({t.policyFeeHelp})</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    {t.perMonth(formatMoneyWithPence(fee))}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <Typography.Text strong>{t.total}</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong>{formatMoneyWithPence(quote.quote.premium)}</Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </>
          )}
        />
      </TableScroll>
    </section>
  );
}
