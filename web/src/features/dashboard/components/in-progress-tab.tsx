import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { useAdviser } from '@/lib/adviser';
import { inProgressStages, stageLabels } from '@/lib/application-stage';
import { useMessage } from '@/components/feedback';
import { pageOf } from '@/components/paged-table';
import { useCreateApplication } from '../api/create-application';
import { useSearchApplications } from '../api/search-applications';
import { dashboardStrings as t } from '../strings';
import { ApplicationsTable } from './applications-table';
import { SearchList, useListSearch } from './search-list';

const stageOptions = inProgressStages.map((stage) => ({ value: stage, label: stageLabels[stage] }));

export function InProgressTab() {
  const search = useListSearch(inProgressStages);
  const applications = useSearchApplications({ searchTerm: search.searchTerm, stages: search.filter, page: search.page, adviserId: search.actingFor });
  const adviser = useAdviser();
  const createApplication = useCreateApplication();
  const navigate = useNavigate();
  const message = useMessage();

  // Hidden when the adviser's settings say so (§6 displayNewQuoteButton).
  const canCreate = adviser.isSuccess && adviser.data.uxSettings.displayNewQuoteButton;

  const create = () => {
    createApplication.mutate(search.actingFor, {
      onSuccess: (application) => void navigate(paths.clientDetails(application.id)),
      onError: () => void message.error(t.createFailed),
    });
  };

  return (
    <SearchList
      search={search}
      searchLabel={t.search.label}
      filterLabel={t.stageFilter.label}
      filterOptions={stageOptions}
      action={
        canCreate && (
          <Button type="primary" size="large" icon={<PlusOutlined aria-hidden="true" />} loading={createApplication.isPending} onClick={create}>
            {t.createApplication}
          </Button>
        )
      }
      failed={applications.isError ? { message: t.loadFailed, onRetry: () => void applications.refetch() } : null}
    >
      <ApplicationsTable page={pageOf(applications, (data) => data.results, search.page, search.setPage)} filtered={search.filtered} />
    </SearchList>
  );
}
