// What each target's text must say beside its values (issue 27): what belongs to the contact and is set
// there (Radioss's Iform penalty, Drake's plant and pair), where the values go, and what was not
// verified against the solver's own documentation (Ansys's real-constant numbers, FACT < 1, Abaqus's and
// LS-DYNA's acceptance of μs < μk). docs/guide/fit-and-export.md ("Caveats of the targets") gives each
// claim with its evidence.

#include <cmath>
#include <string>

#include "export/export_map.h"
#include "fit/steady_curves.h"
#include "friction/laws.h"

namespace friction::exporting {
namespace {

/// Radioss's Iform 1 penalty of a Radioss law: C = VISF_eff·√(2KM) (VISF 0 → 1 when Fric ≠ 0 or Ifric ≠ 0),
/// and the speed V* = μ(V*)·N/C below which its force C·V is less than μN.
void radiossContactNotes(Mapping& m, const ExportRequest& request) {
  const LawEvaluator law(request.law, request.params);
  const ResolvedParams& p = law.resolved();
  const int iform = static_cast<int>(p.get("Iform"));
  const double fric = p.model->findParam("Fric") != nullptr ? p.get("Fric") : 0.0;
  const double given = p.get("VISF"), ifric = m.get("Ifric");
  const double visf = given == 0 && (fric != 0 || ifric != 0) ? 1.0 : given;
  if (iform == 2) {
    m.notes.push_back(
        "Iform 2 (stiffness, incremental): the /INTER's stiffness holds the contact at rest and the "
        "steady sliding force is mu*|Fn| exactly. K (the /INTER stiffness STIF) and M are Radioss's, "
        "from the mesh; they are not in this card.");
    return;
  }
  const double C = visf * std::sqrt(2 * p.get("K") * p.get("M"));
  const fitting::SteadyCurve steady(law);
  double vStar = steady(request.vMin, request.N) / C;
  for (int i = 0; i < 50 && C > 0; ++i) vStar = steady(vStar, request.N) / C;
  m.notes.push_back(
      "The contact's regularisation is not part of the law written here: with Iform 1 (viscous, "
      "Radioss's default) the tangential force is min(C*V, mu*|Fn|) with no stick state, "
      "C = sqrt(VIS_F)*sqrt(2*STIF*M) set on /FRICTION (VISF*sqrt(2*STIF*M) on /INTER), STIF the "
      "/INTER stiffness and M the secondary node's mass, both computed by Radioss from the mesh.");
  m.notes.push_back(
      "VIS_F = VISF^2 = " + formatSignificant(visf * visf, 6) +
      " is written so that C is the law's (its VISF is /INTER's, which the starter squares; "
      "/FRICTION's VIS_F is stored as given: hm_read_friction.F, hm_read_inter_type07.F). With the "
      "law's K and M, C = " +
      formatSignificant(C, 4) + " N*s/m and the force is C*V below V* = " + formatSignificant(vStar, 4) +
      " m/s; in a model, K and M are the mesh's.");
}

void radiossNotes(Mapping& m, const ExportRequest& request) {
  if (findLaw(request.law).origin == "OpenRadioss")
    radiossContactNotes(m, request);
  else
    m.notes.push_back(
        "Iform 2 (stiffness, incremental) is written: the /INTER's stiffness holds the contact at "
        "rest and the steady sliding force is mu*|Fn| exactly. Iform 1, Radioss's default, would "
        "make it C*V below V* = mu*|Fn|/C, with C from the mesh's stiffness and nodal mass.");
  m.notes.push_back(
      "Give this /FRICTION's id (1) as Fric_ID on your /INTER/TYPE7 (its Ifric line, columns 91-100): "
      "its Ifric, Iform and coefficients then replace the interface's own.");
}

/// μs below μk (μ rising with speed) where the solver's acceptance of it was not verified.
void risingWarning(Mapping& m, double mus, double muk, const std::string& names, const std::string& where) {
  if (!(mus < muk)) return;
  m.warnings.push_back(names + ": the static value " + formatSignificant(mus, 6) + " is below the dynamic " +
                       formatSignificant(muk, 6) + " (mu rising with speed); whether " + where +
                       " accepts that was not verified: check before use.");
}

}  // namespace

void addTargetNotes(Mapping& m, const ExportRequest& request) {
  switch (m.family) {
    case Family::Radioss:
      radiossNotes(m, request);
      break;
    case Family::Drake:
      m.notes.push_back(
          "Drake applies static_friction only in a continuous plant (time_step = 0); a discrete "
          "plant (time_step > 0, 1e-3 s by default) uses dynamic_friction alone, with its own "
          "regularisation (multibody_plant.cc, discrete_update_manager.cc).");
      m.notes.push_back(
          "Give this CoulombFriction to both geometries of a pair: Drake combines the two as "
          "2*muA*muB/(muA + muB), static and dynamic apart (coulomb_friction.h).");
      break;
    case Family::ExponentialDecay:
      if (m.target == "abaqus") {
        risingWarning(m, m.get("mu_s"), m.get("mu_k"), "mu_s < mu_k", "Abaqus's EXPONENTIAL DECAY");
        m.notes.push_back(
            "The data line's order (mu_s, mu_k, d_c) is the EXPONENTIAL DECAY table's as Abaqus's "
            "scripting reference lists it (a third-party copy, abqpy); the Keywords Reference's own "
            "data lines were not read. Abaqus/Standard's stick is its elastic slip (SLIP TOLERANCE).");
      } else {
        risingWarning(m, m.get("mu_s"), m.get("mu_k"), "FS < FD", "LS-DYNA");
        m.notes.push_back(
            "LS-DYNA reads FS > 0 (and not 2) as the static coefficient; with DC = 0 the friction is "
            "FS alone. The contact's penalty stiffness holds it at rest.");
      }
      break;
    case Family::Ansys:
      if (m.get("FACT") < 1)
        m.warnings.push_back("FACT = mu_s/mu_k = " + formatSignificant(m.get("FACT"), 6) +
                             " is below 1 (mu rising with speed); whether Ansys accepts FACT < 1 was not "
                             "verified: check before use.");
      m.notes.push_back(
          "FACT and DC are real constants of your contact pair's CONTA17x set: third-party copies of "
          "the element's real-constant table number them 21 and 22 (not checked against Ansys's own "
          "table); the RMODIF lines are left as comments for that reason. RMODIF needs an existing "
          "set (R). The equation mu = MU*(1 + (FACT-1)*exp(-DC*v)) is quoted from Ansys's Contact "
          "Technology Guide by a third party, not read here.");
      break;
    case Family::Modelica:
      m.notes.push_back(
          "The breakaway force is 1.001*(F_Coulomb + F_Stribeck) (f0_max); set the block's m, smax "
          "and smin yourself (they have no defaults).");
      break;
    case Family::Simscape:
      m.notes.push_back(
          "These are MATLAB variables: give them to the Translational Friction block's parameters "
          "of the same names (their programmatic names were not verified).");
      break;
    case Family::Ratel:
      m.notes.push_back(
          "Ratel's source was not read: its documentation is the specification of these options.");
      break;
    case Family::OpenSees:
      break;
  }
}

}  // namespace friction::exporting
