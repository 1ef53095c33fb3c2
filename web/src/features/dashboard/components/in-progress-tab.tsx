import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Input } from 'antd';
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

export const SEARCH_DEBOUNCE_MS = 300;
/** The API accepts search terms of up to 100 characters. */
const SEARCH_TERM_MAX_LENGTH = 100;

const stageOptions = applicationStages.map((stage) => ({ value: stage, label: stageLabels[stage] }));

export function InProgressTab() {
  const [searchText, setSearchText] = useState('');
  const [stages, setStages] = useState<ApplicationStage[]>([]);
  const [page, setPage] = useState(1);
  const searchTerm = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);

  const [actingFor, setActingFor] = useActingFor();
  const search = useSearchApplications({ searchTerm, stages, page, adviserId: actingFor });
  const adviser = useAdviser();
  const actsFor = adviser.data?.actsFor ?? [];
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
        {adviser.data && actsFor.length > 0 && (
          <label className="toolbar__acting-for">
            <span>{t.actingFor.label}</span>
            <select
              className="native-select"
              value={actingFor ?? ''}
              onChange={(event) => {
                setActingFor(event.target.value || undefined);
                setPage(1);
              }}
            >
              <option value="">{t.actingFor.everyone}</option>
              <option value={adviser.data.id}>{t.actingFor.yourself(adviser.data.name)}</option>
              {actsFor.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <span className="toolbar__spacer" />
        {canCreate && (
          <Button type="primary" size="large" icon={<PlusOutlined aria-hidden="true" />} loading={createApplication.isPending} onClick={create}>
            {t.createApplication}
          </Button>
        )}
      </div>
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
