import { FileSpreadsheetIcon, PlusIcon } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Link } from "wouter";
import type { HistoryEntity } from "../../../domain/history";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { toast, toastError } from "../../components/ui/use-toast";
import { t } from "../../i18n";
import { errorMessage } from "../../lib/api-client";
import { useRetained } from "../../lib/use-retained";
import type { Sorting } from "../../lib/use-url-sort";
import { useCan } from "../auth/current-user";
import { HistoryDialog, type HistoryTarget } from "../history/components/history-dialog";
import { type EntityWords, entityTitle, failureFallback, successToast } from "./entity-words";
import type { MasterDataFormProps } from "./master-data-form";
import { type MasterDataColumn, MasterDataTable } from "./master-data-table";

/** The parts of a TanStack query result the screen reads. */
interface ListQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface MasterDataScreenProps<T extends { id: number }> {
  /** The h1, e.g. "Warehouse Management". */
  title: string;
  description?: string;
  words: EntityWords;
  /** The card around the table: "Warehouses". */
  listTitle: string;
  listDescription?: string;
  list: ListQuery<T>;
  columns: MasterDataColumn<T>[];
  emptyText: string;
  /** Names a row in the action labels: "Edit Main Store", "Delete Main Store". */
  itemName: (item: T) => string;
  /** The delete confirmation's question; default: Are you sure you want to delete "Main Store"? */
  deleteQuestion?: (item: T) => string;
  /** The entity's add/edit form (one component for both), rendered inside the dialog. */
  form: React.ComponentType<MasterDataFormProps<T>>;
  /** Text under the add/edit dialog's title. */
  formDescription: (item: T | null) => string;
  /** Deletes by id (a mutation's mutateAsync); a rejection shows the failure toast. */
  deleteItem: (id: number) => Promise<unknown>;
  /** Between the header and the list: a summary, an explanation. */
  children?: React.ReactNode;
  /** Sortable column headers (the columns' `sort` fields), the sort kept in the URL. */
  sorting?: Sorting<string>;
  /**
   * Archive / Restore for admins (issue 13): `setActive` PUTs isActive (a mutation; a rejection,
   * such as the 409 of a warehouse that still holds stock, shows its message).
   */
  archive?: { isArchived: (item: T) => boolean; setActive: (item: T, active: boolean) => Promise<unknown> };
  /** A History action on each row, for every role (issue 16 point 4). */
  historyEntity?: HistoryEntity;
}

type FormState<T> = { item: T | null };

/**
 * A setup screen (spec section 2): the list with edit and delete icons, "Add X" opening the form in
 * a dialog, delete after a confirmation. Changes are for administrators only: for other roles the
 * list is shown without the Add button and the Actions column (the server refuses them anyway).
 */
export function MasterDataScreen<T extends { id: number }>({
  title,
  description,
  words,
  listTitle,
  listDescription,
  list,
  columns,
  emptyText,
  itemName,
  deleteQuestion = (item) => t("masterData.deleteQuestion", { name: itemName(item) }),
  form: EntityForm,
  formDescription,
  deleteItem,
  children,
  sorting,
  archive,
  historyEntity,
}: MasterDataScreenProps<T>) {
  const canWrite = useCan("admin");
  const [formState, setFormState] = useState<FormState<T> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [archiving, setArchiving] = useState<T | null>(null);
  const [archivePending, setArchivePending] = useState(false);
  const shownArchive = useRetained(archiving);
  const [historyOf, setHistoryOf] = useState<HistoryTarget | null>(null);
  // Keep showing what the dialogs were opened for while they animate closed.
  const shownForm = useRetained(formState);
  const shownDelete = useRetained(deleting);
  const editingItem = shownForm?.item ?? null;
  const title_ = entityTitle(words);
  const noun = t(`masterData.entity.${words.entity}.fallbackNoun`);

  async function confirmDelete() {
    if (!deleting) return;
    setDeletePending(true);
    try {
      await deleteItem(deleting.id);
      toast(successToast(words, "deleted"));
    } catch (error) {
      toastError(error, failureFallback(words, "delete"));
    } finally {
      setDeletePending(false);
      setDeleting(null);
    }
  }

  async function setActive(item: T, active: boolean) {
    if (!archive) return;
    setArchivePending(true);
    try {
      await archive.setActive(item, active);
      toast(successToast(words, active ? "restored" : "archived"));
    } catch (error) {
      toastError(error, failureFallback(words, active ? "restore" : "archive"));
    } finally {
      setArchivePending(false);
      setArchiving(null);
    }
  }

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          canWrite && (
            <>
              {historyEntity && historyEntity !== "user" && (
                // Many at once from a spreadsheet (CONTRACT.md section 13).
                <Button asChild variant="outline">
                  <Link href={`/setup/import?kind=${historyEntity}s`}>
                    <FileSpreadsheetIcon aria-hidden="true" />
                    {t("imports.setupLink")}
                  </Link>
                </Button>
              )}
              <Button onClick={() => setFormState({ item: null })}>
                <PlusIcon aria-hidden="true" />
                {t("masterData.add", { title: title_ })}
              </Button>
            </>
          )
        }
      />
      {children}
      <Card>
        <CardHeader>
          <CardTitle>{listTitle}</CardTitle>
          {listDescription && <CardDescription>{listDescription}</CardDescription>}
        </CardHeader>
        <CardContent className="px-2 sm:px-5">
          {list.isError ? (
            <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center text-sm">
              <p className="text-destructive">{errorMessage(list.error)}</p>
              <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
                {t("common.tryAgain")}
              </Button>
            </div>
          ) : (
            <MasterDataTable
              items={list.data}
              loading={list.isPending}
              columns={columns}
              emptyText={emptyText}
              itemName={itemName}
              onEdit={canWrite ? (item) => setFormState({ item }) : undefined}
              onDelete={canWrite ? setDeleting : undefined}
              archive={
                canWrite && archive
                  ? {
                      isArchived: archive.isArchived,
                      onArchive: setArchiving,
                      onRestore: (item) => void setActive(item, true),
                    }
                  : undefined
              }
              sorting={sorting}
              onHistory={
                historyEntity ? (item) => setHistoryOf({ id: item.id, name: itemName(item) }) : undefined
              }
            />
          )}
        </CardContent>
      </Card>

      <Dialog open={formState !== null} onOpenChange={(open) => !open && setFormState(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>
              {editingItem ? t("masterData.edit", { title: title_ }) : t("masterData.add", { title: title_ })}
            </DialogTitle>
            <DialogDescription>{formDescription(editingItem)}</DialogDescription>
          </DialogHeader>
          {/* Keyed by the item: switching from one row to another starts a fresh form. */}
          <EntityForm key={editingItem?.id ?? "new"} item={editingItem} onDone={() => setFormState(null)} />
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && !deletePending && setDeleting(null)}
        title={t("masterData.deleteTitle", { noun })}
        description={shownDelete ? `${deleteQuestion(shownDelete)} ${t("masterData.cannotUndo")}` : ""}
        confirmLabel={t("masterData.delete")}
        destructive
        pending={deletePending}
        pendingLabel={t("masterData.deleting")}
        onConfirm={() => void confirmDelete()}
      />

      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => !open && !archivePending && setArchiving(null)}
        title={t("masterData.archiveTitle", { noun })}
        description={shownArchive ? t("masterData.archiveExplain", { name: itemName(shownArchive) }) : ""}
        confirmLabel={t("masterData.archive")}
        pending={archivePending}
        pendingLabel={t("masterData.archiving")}
        onConfirm={() => archiving && void setActive(archiving, false)}
      />

      {historyEntity && (
        <HistoryDialog entity={historyEntity} target={historyOf} onClose={() => setHistoryOf(null)} />
      )}
    </>
  );
}
