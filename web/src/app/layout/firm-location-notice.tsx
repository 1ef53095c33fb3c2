import { useEffect } from 'react';
import { useAdviser } from '@/lib/adviser';
import { firmLocationAnnounced, rememberFirmLocationAnnounced } from '@/lib/firm-location-notice';
import { SNACKBAR_MS } from '@/lib/rules/constants';
import { appStrings } from '../strings';
import { useMessage } from '@/components/feedback';

/** antd counts a message's duration in seconds. */
const SNACKBAR_SECONDS = SNACKBAR_MS / 1000;

/**
 * Spec §2, §6: an adviser tied to a firm location is told where they are working, in a snackbar
 * for SNACKBAR_MS, once per sign-in (not again on every page or reload).
 */
export function FirmLocationNotice() {
  const { data: adviser } = useAdviser();
  const message = useMessage();
  const adviserId = adviser?.id;
  const locationId = adviser?.adviserAtFirmLocationId;
  const locationName = adviser?.firmLocationName;

  useEffect(() => {
    if (!adviserId || !locationId || !locationName) return;
    if (firmLocationAnnounced(adviserId, locationId)) return;
    rememberFirmLocationAnnounced(adviserId, locationId);
    void message.open({
      key: 'firm-location',
      type: 'info',
      content: appStrings.workingAt(locationName),
      duration: SNACKBAR_SECONDS,
    });
  }, [adviserId, locationId, locationName, message]);

  // It belongs to the signed-in shell: leaving it (signing out, an error page) takes it away.
  useEffect(() => () => message.destroy('firm-location'), [message]);

  return null;
}
