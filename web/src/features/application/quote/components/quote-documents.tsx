import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { isApiError } from '@/lib/api-error';
import { MissingFileNameError, UnreadableDocumentLinkError, useDownloadDocument, type DocumentKind } from '../../shared/api/download-document';
import type { Application } from '../../shared/application-model';
import { applicationStrings } from '../../shared/strings';
import { quoteStrings } from '../strings';
import { useMessage } from '@/components/feedback';
import { SectionCard } from '@/components/section-card';

const t = { ...quoteStrings.documents, ...applicationStrings.documents };
const headingId = 'quote-documents-heading';

/**
 * "Documents": the quote PDF once the quote is priced, the key facts and the terms and
 * conditions. Each is fetched with the adviser's token and saved under the name the server
 * gives in `content-disposition`; without one nothing is saved and the spec's message is shown.
 */
export function QuoteDocuments({ application }: { application: Application }) {
  const download = useDownloadDocument(application.id);
  const message = useMessage();
  const priced = application.quote !== null;

  const get = async (kind: DocumentKind) => {
    try {
      await download.mutateAsync(kind);
    } catch (error) {
      const known = isApiError(error) || error instanceof MissingFileNameError || error instanceof UnreadableDocumentLinkError;
      void message.error(known ? error.message : t.failed);
    }
  };

  const loading = (kind: DocumentKind) => download.isPending && download.variables === kind;

  return (
    <SectionCard
      heading={t.heading}
      headingId={headingId}
    >
      <Button
        type="primary"
        block
        icon={<FilePdfOutlined aria-hidden="true" />}
        disabled={!priced}
        loading={loading('quote')}
        onClick={() => void get('quote')}
      >
        {t.downloadQuote}
      </Button>
      {!priced && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, fontSize: 13 }}>
          {t.priceFirst}
        </Typography.Text>
      )}
      <Flex vertical align="flex-start" className="quote-documents__links">
        <Button type="link" icon={<DownloadOutlined aria-hidden="true" />} loading={loading('keyFacts')} onClick={() => void get('keyFacts')}>
          {t.keyFacts}
        </Button>
        <Button type="link" icon={<DownloadOutlined aria-hidden="true" />} loading={loading('terms')} onClick={() => void get('terms')}>
          {t.terms}
        </Button>
      </Flex>
    </SectionCard>
  );
}
