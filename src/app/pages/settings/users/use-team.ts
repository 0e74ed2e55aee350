/**
 * What the User management tab reads and does besides the list (SPEC §4 User states, §6 users_write,
 * §7 users calls): the roles on offer, which actions a member may get from the signed-in member, and
 * running them with the server's message toasted and the list and details re-read.
 */
import { useCallback, useMemo } from "react";
import { useQuery } from "@tanstack/react-query";

import { useTranslate } from "@refinedev/core";
import { assignableRoles, teamEndpoints, type BusinessUser } from "../../../../../resources/users.ts";
import { businessEndpoints } from "../../../../../resources/business.ts";
import type { Endpoint } from "../../../../../resources/define-endpoint.ts";
import { call, type CallInput } from "../../../api/call.ts";
import { type After, useWrite } from "../../../api/write.ts";
import { useToast } from "../../../hooks/use-toast.ts";
import { useSession } from "../../../session/session.tsx";
import { useFeedback } from "../../../providers/feedback.tsx";

/** GET businesses/roles: the server's role definitions with their permissions (read once, shared). */
export function useRoles() {
  return useQuery({
    queryKey: ["businesses", "roles"],
    queryFn: async () => (await call(businessEndpoints.roles)).data,
    staleTime: 5 * 60_000,
  });
}

/** The roles on offer, OWNER left out: the choices of the invite form and the role editor. */
export function useAssignableRoles() {
  const query = useRoles();
  const roles = useMemo(() => assignableRoles(query.data ?? []), [query.data]);
  return { roles, loading: query.isLoading, failed: query.isError };
}

export type MemberAccess = {
  isSelf: boolean;
  changeRoles: boolean;
  cancelInvite: boolean;
  resendInvite: boolean;
  reinvite: boolean;
  toggleActive: boolean;
  remove: boolean;
};

/** What the signed-in member may do to another member ("yourself" is the session's business_user_id). */
export function useMemberAccess(): (m: BusinessUser) => MemberAccess {
  const { session, can } = useSession();
  const ownId = session?.business_user_id;
  const canEdit = can("users", "edit");
  const canDelete = can("users", "delete");
  return useCallback(
    (m: BusinessUser) => {
      const isSelf = !!ownId && m.id === ownId;
      // The server refuses all of these for the owner, for oneself and for a LOCKED member (display
      // only, SPEC §4) with a 409: offer none of them.
      const manageable = canEdit && !m.is_owner && !isSelf && m.state !== "LOCKED";
      return {
        isSelf,
        changeRoles: manageable,
        cancelInvite: manageable && m.state === "INVITATION_PENDING",
        resendInvite: manageable && m.state === "INVITATION_PENDING",
        reinvite: manageable && m.state === "INVITATION_CANCELLED",
        toggleActive: manageable && (m.state === "ACTIVE" || m.state === "INACTIVE"),
        remove: canDelete && !m.is_owner && !isSelf && m.state !== "LOCKED" && m.user !== null,
      };
    },
    [ownId, canEdit, canDelete],
  );
}

/**
 * One call with the server's wording toasted; failures toast the server's message and rethrow, so
 * a caller (the optimistic switch) can undo what it showed.
 */
export function useTeamCall() {
  const toast = useToast();
  const write = useWrite();
  return useCallback(
    async <E extends Endpoint>(endpoint: E, input: CallInput<E> = {}, after?: After) => {
      try {
        const res = await write(endpoint, input, after);
        toast.success(res.message);
        return res;
      } catch (e) {
        toast.error(e);
        throw e;
      }
    },
    [toast, write],
  );
}

/** The state actions of SPEC §4 for one member, each with its label; delete asks first. */
export function useMemberActions(member: BusinessUser, onDeleted?: () => void) {
  const t = useTranslate();
  const access = useMemberAccess()(member);
  const send = useTeamCall();
  const { modal } = useFeedback();
  const params = { id: member.id };
  const quiet = (p: Promise<unknown>) => p.catch(() => undefined);

  const actions: { key: string; label: string; danger?: boolean; run: () => void }[] = [];
  if (access.cancelInvite)
    actions.push({ key: "cancel", label: t("settings.users.cancelInvite"), run: () => quiet(send(teamEndpoints.cancelInvitation, { params })) });
  if (access.resendInvite)
    actions.push({ key: "resend", label: t("settings.users.resendEmail"), run: () => quiet(send(teamEndpoints.resendInvitation, { params })) });
  if (access.reinvite) actions.push({ key: "reinvite", label: t("settings.users.reinvite"), run: () => quiet(send(teamEndpoints.reinvite, { params })) });
  if (access.remove) {
    actions.push({
      key: "delete",
      label: t("settings.delete"),
      danger: true,
      run: () =>
        modal.confirm({
          title: t("settings.confirm"),
          okText: t("settings.delete"),
          okButtonProps: { danger: true },
          // The deleted member's details are gone: they are not re-read.
          onOk: () => quiet(send(teamEndpoints.remove, { params }, { gone: { name: "users", id: member.id } }).then(() => onDeleted?.())),
        }),
    });
  }
  return { access, actions };
}
