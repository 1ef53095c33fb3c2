import { Alert, Button, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { Drawer } from '@/components/drawer';
import { focusControl } from '@/lib/focus';
import { useAddCover } from '../api/add-cover';
import { useEditCover } from '../api/edit-cover';
import { useProducts } from '@/lib/products';
import { clientName, productLabel, type Applicant, type Application, type Cover, type CoverInput } from '../../shared/application-model';
import { applicationStrings } from '../../shared/strings';
import { quoteStrings } from '../strings';
import { CoverForm } from './cover-form';

const t = quoteStrings.form;

export interface CoverTarget {
  applicant: Applicant;
  index: number;
  /** The cover to edit; absent to add one. */
  cover?: Cover;
}

interface CoverDrawerProps {
  applicationId: number;
  target: CoverTarget | null;
  onClose: () => void;
  /** After the server saved the cover: the application it answered, and the cover as saved. */
  onSaved: (saved: Cover | undefined) => void;
}

/** The cover you find after saving: the one with the edited id, or the one id that is new. */
function savedCover(application: Application, target: CoverTarget, coverId: string | null | undefined): Cover | undefined {
  const covers = application.applicants.find((applicant) => applicant.id === target.applicant.id)?.covers ?? [];
  return covers.find((cover) => cover.id === coverId);
}

/** Adds or edits one client's cover, in a drawer over the quote. */
export function CoverDrawer({ applicationId, target, onClose, onSaved }: CoverDrawerProps) {
  const products = useProducts();
  const add = useAddCover(applicationId);
  const edit = useEditCover(applicationId);

  // Focus goes on from the drawer to the form's first field once it is there: the product,
  // which the rest of the form depends on.
  const bodyRef = useRef<HTMLDivElement>(null);
  const formShown = target !== null && products.data !== undefined;
  useEffect(() => {
    if (!formShown) return;
    // After the drawer has focused its dialog, which it does as it opens.
    const frame = requestAnimationFrame(() => focusControl(bodyRef.current));
    return () => cancelAnimationFrame(frame);
  }, [formShown, target]);

  const name = target ? clientName(target.applicant, target.index) : '';
  const title = target?.cover ? t.editTitle(productLabel(products.data, target.cover.productType), name) : t.addTitle(name);

  const submit = async (cover: CoverInput) => {
    if (!target) return;
    const editing = target.cover?.id;
    const { application, coverId } = editing
      ? { application: await edit.mutateAsync({ applicantId: target.applicant.id, coverId: editing, cover }), coverId: editing }
      : await add.mutateAsync({ applicantId: target.applicant.id, cover });
    onSaved(savedCover(application, target, coverId));
  };

  return (
    <Drawer open={target !== null} onClose={onClose} title={title} width={560} destroyOnHidden>
      <div ref={bodyRef}>
        {target &&
          (products.data ? (
            <CoverForm
              offer={products.data}
              applicant={target.applicant}
              cover={target.cover}
              submitting={add.isPending || edit.isPending}
              onSubmit={submit}
              onCancel={onClose}
            />
          ) : products.isError ? (
            <Alert
              type="error"
              showIcon
              message={t.productsFailed}
              action={
                <Button size="small" onClick={() => void products.refetch()}>
                  {applicationStrings.retry}
                </Button>
              }
            />
          ) : (
            <div role="status">
              <span className="visually-hidden">{t.productsLoading}</span>
              <Skeleton active />
            </div>
          ))}
      </div>
    </Drawer>
  );
}
