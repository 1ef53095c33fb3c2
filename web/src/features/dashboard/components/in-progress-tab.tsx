import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { useAdviser } from '@/lib/adviser';
import { applicationStages, stageLabels, type ApplicationStage } from '@/lib/application-stage';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCreateApplication } from '../api/create-application';
import { useSearchApplications } from '../api/search-applications';
import { dashboardStrings as t } from '../strings';
import { ApplicationsTable } from './applications-table';

export const SEARCH_DEBOUNCE_MS = 300;
/** The API accepts search terms of up to 100 characters. */
const SEARCH_TERM_MAX_LENGTH = 100;

const stageOptions = applicationStages.map((stage) => ({ value: stage, label: stageLabels[stage] }));

export function InProgressTab() {
  const [searchText, setSearchText] = useState('');
  const [stages, setStages] = useState<ApplicationStage[]>([]);
  const [page, setPage] = useState(1);
  const searchTerm = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  const search = useSearchApplications({ searchTerm, stages, page });
  const adviser = useAdviser();
  const createApplication = useCreateApplication();
  const navigate = useNavigate();
  const { message } = App.useApp();

  // Hidden when the adviser's settings say so (§6 displayNewQuoteButton).
  const canCreate = adviser.isSuccess && adviser.data.uxSettings.displayNewQuoteButton;

  const create = () => {
    createApplication.mutate(undefined, {
      onSuccess: (application) => void navigate(paths.clientDetails(application.id)),
      onError: () => void message.error(t.createFailed),
    });
  };

  return (
    <>
      <div className="toolbar">
        <Input
          className="toolbar__search"
          size="large"
          type="search"
          allowClear
          prefix={<SearchOutlined aria-hidden="true" />}
          aria-label={t.search.label}
          maxLength={SEARCH_TERM_MAX_LENGTH}
          placeholder={t.search.placeholder}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            setPage(1);
          }}
        />
        <label htmlFor="stage-filter" className="visually-hidden">
          {t.stageFilter.label}
        </label>
        <Select<ApplicationStage[]>
          id="stage-filter"
          className="toolbar__filter"
          size="large"
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          placeholder={t.stageFilter.placeholder}
          options={stageOptions}
          value={stages}
          onChange={(value) => {
            setStages(value);
            setPage(1);
          }}
        />
        <span className="toolbar__spacer" />
        {canCreate && (
          <Button type="primary" size="large" icon={<PlusOutlined aria-hidden="true" />} loading={createApplication.isPending} onClick={create}>
            {t.createApplication}
          </Button>
        )}
      </div>
      {search.isError ? (
        <Alert
          type="error"
          showIcon
          message={t.loadFailed}
          action={
            <Button size="small" onClick={() => void search.refetch()}>
              {t.retry}
            </Button>
          }
        />
      ) : (
        <ApplicationsTable
          results={search.data?.results ?? []}
          currentPage={search.data?.currentPage ?? page}
          totalRecordCount={search.data?.totalRecordCount ?? 0}
          loading={search.isPending || search.isPlaceholderData}
          filtered={searchTerm !== '' || stages.length > 0}
          onPageChange={setPage}
        />
      )}
    </>
  );
}
