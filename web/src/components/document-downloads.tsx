import { FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useStoredDocument, type StoredDocumentRef } from '@/lib/stored-document';

interface DocumentItem extends StoredDocumentRef {
  title: string;
}

interface DocumentDownloadsProps {
  documents: readonly DocumentItem[];
  /** The button's words for a document, e.g. "Download the policy schedule (PDF)". */
  label: (document: DocumentItem) => string;
  /** Shown when a download fails. */
  failed: string;
  /** More buttons for the same row (documents fetched another way, such as the key facts). */
  children?: ReactNode;
}

/**
 * A policy's documents as download buttons: each fetched with the adviser's token and saved under
 * the name the server gives it, as the decision page saves the decision document.
 */
export function DocumentDownloads({ documents, label, failed, children }: DocumentDownloadsProps) {
  const download = useStoredDocument();
  return (
    <>
      <Flex wrap gap="small">
        {documents.map((document) => (
          <Button
            key={document.documentId}
            icon={<FilePdfOutlined aria-hidden="true" />}
            loading={download.isPending && download.variables.documentId === document.documentId}
            onClick={() => download.mutate(document)}
          >
            {label(document)}
          </Button>
        ))}
        {children}
      </Flex>
      {download.isError && <Alert type="error" showIcon style={{ marginTop: 8 }} message={failed} />}
    </>
  );
}
