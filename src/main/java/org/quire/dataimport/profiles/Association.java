package org.quire.dataimport.profiles;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.quire.platform.Json;

import java.util.UUID;

/**
 * One master → detail link between profiles (mod-di-converter-storage's ProfileAssociation): a job's match or action
 * profiles, a match's actions or sub-matches (reacting to MATCH or NON_MATCH), an action's mapping profile.
 *
 * @param order        the run order of the detail under its master
 * @param reactTo      MATCH or NON_MATCH below a match profile, else null
 * @param jobProfileId the job a link below a match profile belongs to (FOLIO's job_profile_id), else null
 */
public record Association(UUID id, UUID masterProfileId, ProfileType masterProfileType, UUID detailProfileId,
                          ProfileType detailProfileType, int order, String reactTo, UUID jobProfileId) {

    public ObjectNode toJson() {
        ObjectNode n = Json.object().put("id", id.toString())
                .put("masterProfileId", masterProfileId.toString()).put("masterProfileType", masterProfileType.name())
                .put("detailProfileId", detailProfileId.toString()).put("detailProfileType", detailProfileType.name())
                .put("order", order);
        if (reactTo != null) n.put("reactTo", reactTo);
        if (jobProfileId != null) n.put("jobProfileId", jobProfileId.toString());
        n.put("triggered", false);
        return n;
    }
}
