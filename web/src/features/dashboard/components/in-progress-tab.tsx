import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { useAdviser } from '@/lib/adviser';
import { applicationStages, stageLabels, type ApplicationStage } from '@/lib/application-stage';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useMessage } from '@/components/feedback';
import { useActingFor } from '../acting-for';
import { useCreateApplication } from '../api/create-application';
import { useSearchApplications } from '../api/search-applications';
import { dashboardStrings as t } from '../strings';
import { ApplicationsTable } from './applications-table';
import { SEARCH_DEBOUNCE_MS, SearchToolbar } from './search-toolbar';

const stageOptions = applicationStages.map((stage) => ({ value: stage, label: stageLabels[stage] }));

export function InProgressTab() {
  const [searchText, setSearchText] = useState('');
  const [stages, setStages] = useState<ApplicationStage[]>([]);
  const [page, setPage] = useState(1);
  const searchTerm = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  const [actingFor, setActingFor] = useActingFor();
  const search = useSearchApplications({ searchTerm, stages, page, adviserId: actingFor });
  const adviser = useAdviser();
  const createApplication = useCreateApplication();
  const navigate = useNavigate();
  const message = useMessage();

  // Hidden when the adviser's settings say so (§6 displayNewQuoteButton).
  const canCreate = adviser.isSuccess && adviser.data.uxSettings.displayNewQuoteButton;

  const create = () => {
    createApplication.mutate(actingFor, {
      onSuccess: (application) => void navigate(paths.clientDetails(application.id)),
      onError: () => void message.error(t.createFailed),
    });
  };

  return (
    <>
      <SearchToolbar
        label={t.search.label}
        searchText={searchText}
        onSearchTextChange={(text) => {
          setSearchText(text);
          setPage(1);
        }}
        actingFor={actingFor}
        onActingForChange={(adviserId) => {
          setActingFor(adviserId);
          setPage(1);
        }}
      >
        {canCreate && (
          <Button type="primary" size="large" icon={<PlusOutlined aria-hidden="true" />} loading={createApplication.isPending} onClick={create}>
            {t.createApplication}
          </Button>
        )}
      </SearchToolbar>
      <fieldset className="stage-filter">
        <legend className="stage-filter__legend">{t.stageFilter.label}</legend>
        <Checkbox.Group<ApplicationStage>
          options={stageOptions}
          value={stages}
          onChange={(value) => {
            setStages(applicationStages.filter((stage) => value.includes(stage)));
            setPage(1);
          }}
        />
      </fieldset>
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
